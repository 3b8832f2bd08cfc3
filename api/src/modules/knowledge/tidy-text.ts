const isSpaceOrTab = (code: number) => code === 0x20 || code === 0x09;

/** The line without the spaces and tabs it ends with, read from its end. */
function trimLineEnd(line: string): string {
  let end = line.length;
  while (end > 0 && isSpaceOrTab(line.charCodeAt(end - 1))) end -= 1;
  return line.slice(0, end);
}

/**
 * Tidies the text PDF and Word extraction leave behind: line breaks as \n, no spaces or tabs at the
 * end of a line, at most one blank line in a row, no blank space around the whole. Each step is one
 * pass over the text: a regex for spaces before a line break would retry every run of spaces from
 * each of its characters, seconds of the event loop for a page of them.
 */
export function tidyExtractedText(text: string): string {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  return lines.map(trimLineEnd).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
