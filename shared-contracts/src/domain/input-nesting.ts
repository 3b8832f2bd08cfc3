/**
 * How deeply outside input (a request body, a socket frame) may nest objects and arrays. The
 * deepest input the contracts describe nests 3 levels; the bound sits far above that, refuses only
 * what no client of ours sends, and keeps every later walk of the input (a check, a log line, a
 * JSON column) short.
 */
export const MAX_INPUT_NESTING = 32;

export const INPUT_NESTING_TEXT = 'Input is nested too deeply';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text opens objects and arrays more than `max` deep. One pass over the characters,
 * before the text is decoded: a deep document costs what a flat one of its size does.
 */
export function jsonNestedTooDeeply(text: string, max = MAX_INPUT_NESTING): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}

export type JsonDecoding = { ok: true; value: unknown } | { ok: false; tooDeep: boolean };

/** Outside JSON text, refused unread when it nests too deeply; never throws. */
export function decodeJson(text: string): JsonDecoding {
  if (jsonNestedTooDeeply(text)) return { ok: false, tooDeep: true };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, tooDeep: false };
  }
}
