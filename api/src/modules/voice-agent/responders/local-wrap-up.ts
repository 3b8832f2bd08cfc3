import type { CallResult } from 'shared-contracts';
import { rulesAnalysis } from './call-analysis-rules';
import { wantsPerson } from './caller-words';
import type { CallWrapUp, Turn, WrapUpFacts } from './responder';

/** How the local responder starts an answer from the knowledge passages; the wrap-up looks for it. */
export const ANSWER_PREFIX = 'Here is what I can tell you:';

const POSITIVE = new Set(['thanks', 'thank', 'great', 'perfect', 'wonderful', 'awesome', 'excellent', 'appreciate', 'helpful',
  'good', 'love', 'nice', 'happy', 'glad', 'fantastic', 'amazing', 'brilliant', 'lovely']);
const NEGATIVE = new Set(['angry', 'upset', 'terrible', 'awful', 'bad', 'frustrated', 'frustrating', 'annoyed', 'annoying',
  'ridiculous', 'worst', 'hate', 'unhappy', 'disappointed', 'rude', 'useless', 'horrible', 'complaint', 'complain', 'unacceptable']);
const NEGATORS = new Set(['not', 'no', 'never', "isn't", "wasn't", "don't", "didn't", 'hardly']);

/** The caller's mood from a small word list; "not good" counts against, "not bad" for. */
export function sentimentOf(callerTurns: readonly string[]): CallWrapUp['sentiment'] {
  let score = 0;
  for (const turn of callerTurns) {
    const words = turn.toLowerCase().replace(/[\u2018\u2019]/g, "'").match(/[a-z']+/g) ?? [];
    words.forEach((word, i) => {
      const value = POSITIVE.has(word) ? 1 : NEGATIVE.has(word) ? -1 : 0;
      if (value === 0) return;
      score += NEGATORS.has(words[i - 1] ?? '') ? -value : value;
    });
  }
  return score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral';
}

const quoted = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `"${flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat}"`;
};

/** A quotation that ends a sentence with its own punctuation needs no full stop after it. */
const sentence = (text: string) => (/[.!?…]"$/.test(text) ? text : `${text}.`);

/**
 * An extractive wrap-up: what the caller asked first and what came of it, in the call's own
 * words; the outcome from what the tools did; the analysis by rules. The same transcript always
 * gives the same wrap-up.
 */
export function localWrapUp(transcript: readonly Turn[], facts: WrapUpFacts): CallWrapUp {
  const callerTurns = transcript.filter((t) => t.speaker === 'caller').map((t) => t.text);
  const agentTurns = transcript.filter((t) => t.speaker === 'agent').map((t) => t.text);
  const answered = agentTurns.some((t) => t.startsWith(ANSWER_PREFIX));
  const parts = [callerTurns.length > 0 ? sentence(`The caller asked: ${quoted(callerTurns[0]!)}`) : 'The caller did not say anything.'];
  if (facts.appointmentBooked) {
    const booking = agentTurns.map((t) => /booked for ([^.]+)\./.exec(t)?.[1]).filter(Boolean).at(-1);
    parts.push(booking ? `An appointment was booked for ${booking}.` : 'An appointment was booked.');
  }
  if (facts.transferred) {
    const reason = callerTurns.filter(wantsPerson).at(-1);
    parts.push(reason ? sentence(`The caller was transferred to a person after saying ${quoted(reason)}`) : 'The caller was transferred to a person.');
  }
  if (answered) parts.push('The agent answered from the business\'s information.');
  if (!facts.appointmentBooked && !facts.transferred && !answered) parts.push('Nothing was booked and no question was answered.');
  const outcome: CallResult = facts.appointmentBooked ? 'appointment-booked' : facts.transferred ? 'transferred' : answered ? 'answered' : 'unresolved';
  const sentiment = sentimentOf(callerTurns);
  const wrapUp: CallWrapUp = { summary: parts.join(' '), outcome, sentiment };
  return facts.analysis ? { ...wrapUp, analysis: rulesAnalysis({ request: facts.analysis, ...facts, outcome, sentiment }) } : wrapUp;
}
