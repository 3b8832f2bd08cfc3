import { generateText, type LanguageModel } from 'ai';
import * as v from 'valibot';
import { CALL_RESULTS } from 'shared-contracts';
import { issuesText, parseJsonInput } from '../../../http/parse-input';
import { analyseWithModel } from './call-analysis-model';
import { rulesAnalysis } from './call-analysis-rules';
import type { CallWrapUp, Turn, WrapUpFacts } from './responder';

type Facts = WrapUpFacts;

/** Long calls are cut from the front: the end of a call says most about how it went. */
const MAX_TRANSCRIPT_CHARS = 24_000;

const WRAP_UP_INSTRUCTIONS = [
  'You write the record of a finished phone call between a business\'s AI agent and a caller.',
  'Answer with one JSON object and nothing else, with exactly these keys:',
  '"summary": at most three sentences on who called, what they wanted and what was done;',
  `"outcome": one of ${CALL_RESULTS.map((r) => `"${r}"`).join(', ')};`,
  '"sentiment": the caller\'s mood, one of "positive", "neutral", "negative".',
].join('\n');

const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '').length;

const WrapUpAnswer = v.object({
  summary: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(1_000), v.check((s) => sentences(s) <= 3, 'At most three sentences')),
  outcome: v.picklist(CALL_RESULTS),
  sentiment: v.picklist(['positive', 'neutral', 'negative']),
});

function transcriptText(transcript: readonly Turn[]): string {
  const text = transcript.map((turn) => `${turn.speaker === 'caller' ? 'Caller' : 'Agent'}: ${turn.text.trim()}`).join('\n');
  return text.length > MAX_TRANSCRIPT_CHARS ? `…${text.slice(-MAX_TRANSCRIPT_CHARS)}` : text;
}

/** The JSON object in a model's answer, which may come wrapped in a code fence or a sentence. */
function jsonTextIn(text: string): string {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start === -1 || end < start ? '' : text.slice(start, end + 1);
}

/**
 * What happened on the call is a fact the model cannot overrule: a booked appointment or a
 * transfer decides the outcome, and a claimed one that did not happen means the caller's need
 * was not met.
 */
export function outcomeFrom(claimed: CallWrapUp['outcome'], facts: Facts): CallWrapUp['outcome'] {
  if (facts.appointmentBooked) return 'appointment-booked';
  if (facts.transferred) return 'transferred';
  return claimed === 'appointment-booked' || claimed === 'transferred' ? 'unresolved' : claimed;
}

/** Parses the model's record of the call; throws when it is not usable, so the caller falls back. */
export function parseWrapUp(text: string, facts: Facts): CallWrapUp {
  // The model's answer is outside input like any other: the one parser bounds its nesting and text.
  const parsed = parseJsonInput(WrapUpAnswer, jsonTextIn(text));
  if (!parsed.ok) throw new Error(`The model's call summary was not usable: ${issuesText(parsed.issues)}`);
  return { ...parsed.output, outcome: outcomeFrom(parsed.output.outcome, facts) };
}

/**
 * The summary and, when the agent asks for one, the analysis, side by side. A failed summary
 * throws (the caller falls back to the extractive wrap-up, analysis and all); a failed analysis
 * alone falls back to the rules.
 */
export async function wrapUpWithModel(model: LanguageModel, transcript: readonly Turn[], facts: Facts, signal: AbortSignal): Promise<CallWrapUp> {
  const text = transcriptText(transcript);
  const [summary, analysis] = await Promise.allSettled([
    generateText({
      model,
      system: WRAP_UP_INSTRUCTIONS,
      messages: [{ role: 'user', content: `The call's transcript:\n${text}` }],
      maxOutputTokens: 1_024,
      maxRetries: 1,
      abortSignal: signal,
    }),
    facts.analysis ? analyseWithModel(model, facts.analysis, text, signal) : Promise.resolve(undefined),
  ]);
  if (summary.status === 'rejected') throw summary.reason;
  const wrapUp = parseWrapUp(summary.value.text, facts);
  if (!facts.analysis) return wrapUp;
  return {
    ...wrapUp,
    analysis: analysis.status === 'fulfilled' && analysis.value
      ? analysis.value
      : rulesAnalysis({ request: facts.analysis, ...facts, outcome: wrapUp.outcome, sentiment: wrapUp.sentiment }),
  };
}
