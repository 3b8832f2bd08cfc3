import { generateText, jsonSchema, Output, type JSONSchema7, type LanguageModel } from 'ai';
import * as v from 'valibot';
import type { AnalysisFieldValue, CallAnalysisValue } from 'shared-contracts';
import { analysisFieldsOf, oneLine, type AnalysisRequest } from './call-analysis';

/** Room for twenty fields and a reason, and for the hidden reasoning some models spend first. */
const MAX_ANALYSIS_TOKENS = 2_048;

const JSON_TYPE: Record<AnalysisFieldValue['type'], 'string' | 'number' | 'boolean'> = {
  text: 'string', number: 'number', 'yes-no': 'boolean', date: 'string', choice: 'string',
};

function fieldSchema(field: AnalysisFieldValue): JSONSchema7 {
  const hint = field.type === 'date' ? ' As YYYY-MM-DD, with THH:mm when a time was agreed.' : '';
  const description = `${field.description || field.name}${hint} Null when the call did not say.`;
  // A choice as "one of the list, or null" in the form every provider's converter reads.
  return field.type === 'choice'
    ? { anyOf: [{ type: 'string', enum: [...field.options] }, { type: 'null' }], description }
    : { type: [JSON_TYPE[field.type], 'null'], description };
}

/**
 * The answer's JSON schema, one key per field by its name (names are unique per agent), every
 * key required and nothing else allowed, as providers' strict structured output asks.
 */
function answerSchema(request: AnalysisRequest): JSONSchema7 {
  const properties = Object.fromEntries(request.fields.map((field) => [field.name, fieldSchema(field)]));
  return {
    type: 'object',
    properties: {
      fields: { type: 'object', properties, required: request.fields.map((f) => f.name), additionalProperties: false },
      success: { type: ['boolean', 'null'], description: 'Whether the call met the success criterion; null when there is none.' },
      successReason: { type: 'string', description: 'One short sentence saying why.' },
    },
    required: ['fields', 'success', 'successReason'],
    additionalProperties: false,
  };
}

const TYPE_WORDS: Record<AnalysisFieldValue['type'], string> = {
  text: 'text', number: 'a number', 'yes-no': 'true or false', date: 'a date as "YYYY-MM-DD", or "YYYY-MM-DDTHH:mm" when a time was agreed', choice: 'one of',
};

const fieldLine = (field: AnalysisFieldValue) => {
  const kind = field.type === 'choice' ? `${TYPE_WORDS.choice} ${field.options.map((o) => JSON.stringify(o)).join(', ')}` : TYPE_WORDS[field.type];
  return `- ${JSON.stringify(field.name)}: ${kind}${field.description ? `; ${field.description}` : ''}`;
};

/**
 * The instructions spell out the keys as well as the schema does: a provider without native
 * structured output (many OpenAI-compatible servers) gets only "answer in JSON".
 */
function instructionsOf(request: AnalysisRequest): string {
  const { known } = request;
  const lines = [
    'You analyse a finished phone call between a business\'s AI agent and a caller, for the business.',
    'Answer with one JSON object and nothing else: {"fields": {...}, "success": ..., "successReason": "..."}.',
    '"fields" has exactly these keys; fill each from what was said on the call, null for anything the call did not say. Never guess.',
    ...request.fields.map(fieldLine),
    `The call took place on ${known.callDate}.`,
  ];
  if (known.booked) lines.push(`An appointment was booked on the call for ${known.booked.date} at ${known.booked.time}.`);
  if (known.callerName) lines.push(`The caller's name on file is ${known.callerName}.`);
  if (known.callerNumber) lines.push(`The caller's number is ${known.callerNumber}.`);
  lines.push(request.successCriterion === ''
    ? 'There is no success criterion: answer "success": null and an empty "successReason".'
    : `The call is a success when: ${request.successCriterion}\nJudge it: "success" true or false, and "successReason" one short sentence.`);
  return lines.join('\n');
}

/** The answer's outline; each field's value is coerced on its own, so one bad value spoils nothing else. */
const AnalysisAnswer = v.object({
  fields: v.record(v.string(), v.unknown()),
  success: v.optional(v.unknown()),
  successReason: v.optional(v.unknown()),
});

/** The model's answer as a call's analysis: values of the wrong type, or outside a field's options, are null. */
export function analysisFromAnswer(request: AnalysisRequest, answer: unknown): CallAnalysisValue {
  const parsed = v.safeParse(AnalysisAnswer, answer);
  if (!parsed.success) throw new Error('The model\'s call analysis was not usable');
  const { fields, success, successReason } = parsed.output;
  const judged = request.successCriterion !== '' && typeof success === 'boolean';
  return {
    fields: analysisFieldsOf(request.fields, (field) => (Object.hasOwn(fields, field.name) ? fields[field.name] : null)),
    success: judged ? success : null,
    successReason: judged && typeof successReason === 'string' ? oneLine(successReason) : '',
    analysedBy: request.modelLabel,
  };
}

/** The call's analysis by the model, through the provider's structured output; throws when it fails. */
export async function analyseWithModel(model: LanguageModel, request: AnalysisRequest, transcriptText: string, signal: AbortSignal): Promise<CallAnalysisValue> {
  const { output } = await generateText({
    model,
    system: instructionsOf(request),
    messages: [{ role: 'user', content: `The call's transcript:\n${transcriptText}` }],
    output: Output.object({ schema: jsonSchema(answerSchema(request)), name: 'call_analysis' }),
    maxOutputTokens: MAX_ANALYSIS_TOKENS,
    maxRetries: 1,
    abortSignal: signal,
  });
  return analysisFromAnswer(request, output);
}
