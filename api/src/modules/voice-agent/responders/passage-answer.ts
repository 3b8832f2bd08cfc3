// Picks what to say from the knowledge passages that matched a caller's turn, without a model:
// the sentences that share the most words with the question.

const STOPWORDS = new Set(('a an and are as at be been but by can could did do does for from had has have how i if in is it its '
  + 'me my of on or our please so that the their them there they this to us was we what when where which who why will with '
  + 'would you your hi hello yes no tell know like want about get just any some').split(' '));

/** Rough stems, enough to meet "prices" with "price" and "parking" with "park". */
function stem(word: string): string {
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (word.length > suffix.length + 3 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

const stemsOf = (text: string) => new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
  .filter((w) => !STOPWORDS.has(w) && w.length > 1).map(stem));

const sentencesOf = (passage: string) => passage.split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim()).filter((s) => /[\p{L}\p{N}]/u.test(s));

/** Long sentences are cut at a word, so the agent never reads out a whole page. */
const MAX_SENTENCE = 300;
const fit = (sentence: string) => {
  if (sentence.length <= MAX_SENTENCE) return sentence;
  const cut = sentence.slice(0, MAX_SENTENCE);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : MAX_SENTENCE).replace(/[,;:]$/, '')}…`;
};

/**
 * The one or two most relevant sentences of the best passage for `question`, in their own order,
 * or null when no passage shares a word with it. Passages come best first; a tie goes to the
 * earlier one.
 */
export function answerFromPassages(question: string, passages: readonly string[]): string | null {
  const wanted = stemsOf(question);
  if (wanted.size === 0) return null;
  let best: { passage: number; sentences: Array<{ text: string; score: number }>; score: number } | null = null;
  passages.forEach((passage, index) => {
    const sentences = sentencesOf(passage).map((text) => {
      const stems = stemsOf(text);
      return { text, score: [...wanted].filter((w) => stems.has(w)).length };
    });
    const score = Math.max(0, ...sentences.map((s) => s.score));
    if (score > 0 && (best === null || score > best.score)) best = { passage: index, sentences, score };
  });
  if (best === null) return null;
  const { sentences } = best as { sentences: Array<{ text: string; score: number }> };
  const ranked = sentences.map((s, i) => ({ ...s, i })).filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i).slice(0, 2)
    .sort((a, b) => a.i - b.i);
  return ranked.map((s) => fit(s.text)).join(' ');
}
