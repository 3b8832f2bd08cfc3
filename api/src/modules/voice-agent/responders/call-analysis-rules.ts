import { LOCAL_RESPONDER_LABEL, type AnalysisFieldValue, type CallAnalysisValue, type CallResult } from 'shared-contracts';
import { analysisFieldsOf, type AnalysisRequest } from './call-analysis';
import type { CallWrapUp } from './responder';

/** What the rules read: the request, the facts, and the outcome and mood the wrap-up settled on. */
export interface RulesInput {
  request: AnalysisRequest;
  appointmentBooked: boolean;
  transferred: boolean;
  outcome: CallResult;
  sentiment: CallWrapUp['sentiment'];
}

const BOOKING = /\b(book(s|ed|ing)?|appointments?|schedul(e|es|ed|ing)|reserv(e|es|ed|ation)|slot|visits?)\b/;
const TRANSFER = /\b(transfer(red)?|hand(ed)? (off|over)|person|human|staff|escalat(e|ed|ion)|live agent)\b/;
const ANSWERED = /\b(answer(ed)?|question|information|info|resolved|help(ed)?)\b/;
const PHONE = /\b(phone|number|callback|call back|contact)\b/;
const NAME = /\bname\b/;
const MOOD = /\b(sentiment|mood|feeling|satisf(ied|action))\b/;
const OUTCOME = /\b(outcome|result|reason|disposition|intent|status)\b/;

const wordsOf = (field: AnalysisFieldValue) => `${field.name} ${field.description}`.toLowerCase();

/** Words an option of a "one of a list" field may use for each outcome and mood. */
const OUTCOME_WORDS: Record<CallResult, RegExp> = {
  'appointment-booked': BOOKING,
  transferred: TRANSFER,
  answered: ANSWERED,
  unresolved: /\b(unresolved|not resolved|no resolution|other|none|nothing|failed)\b/,
};
const MOOD_WORDS: Record<CallWrapUp['sentiment'], RegExp> = {
  positive: /\b(positive|happy|satisfied|good|pleased)\b/,
  neutral: /\b(neutral|ok|okay|fine|indifferent)\b/,
  negative: /\b(negative|unhappy|upset|angry|bad|dissatisfied|frustrated)\b/,
};

const spokenOutcome: Record<CallResult, string> = {
  'appointment-booked': 'Appointment booked', transferred: 'Transferred', answered: 'Answered', unresolved: 'Unresolved',
};

function ruleValue(field: AnalysisFieldValue, input: RulesInput): unknown {
  const words = wordsOf(field);
  const { known } = input.request;
  switch (field.type) {
    case 'date':
      return known.booked ? `${known.booked.date}T${known.booked.time}` : null;
    case 'yes-no':
      if (BOOKING.test(words)) return input.appointmentBooked;
      if (TRANSFER.test(words)) return input.transferred;
      if (ANSWERED.test(words)) return input.outcome === 'answered' || input.outcome === 'appointment-booked';
      return null;
    case 'text':
      if (BOOKING.test(words)) return known.booked ? `${known.booked.date} ${known.booked.time}` : null;
      if (PHONE.test(words)) return known.callerNumber;
      if (NAME.test(words)) return known.callerName;
      if (OUTCOME.test(words)) return spokenOutcome[input.outcome];
      return null;
    case 'number':
      return null;
    case 'choice': {
      const pattern = MOOD.test(words) ? MOOD_WORDS[input.sentiment] : OUTCOME_WORDS[input.outcome];
      return field.options.find((option) => pattern.test(option.toLowerCase())) ?? null;
    }
  }
}

/**
 * The success judgement the rules can make: a criterion about booking, a transfer or an answered
 * question is judged by what happened on the call; any other criterion needs a model (null).
 */
function ruleSuccess(input: RulesInput): Pick<CallAnalysisValue, 'success' | 'successReason'> {
  const criterion = input.request.successCriterion.toLowerCase();
  if (criterion === '') return { success: null, successReason: '' };
  if (BOOKING.test(criterion)) {
    return input.appointmentBooked
      ? { success: true, successReason: 'An appointment was booked on the call.' }
      : { success: false, successReason: 'No appointment was booked on the call.' };
  }
  if (TRANSFER.test(criterion)) {
    return input.transferred
      ? { success: true, successReason: 'The caller was put through to a person.' }
      : { success: false, successReason: 'The caller was not put through to a person.' };
  }
  if (ANSWERED.test(criterion)) {
    const answered = input.outcome === 'answered' || input.outcome === 'appointment-booked';
    return answered
      ? { success: true, successReason: 'The agent answered the caller from the business\'s information.' }
      : { success: false, successReason: 'The caller\'s question was not answered.' };
  }
  return { success: null, successReason: 'This criterion needs a language model to judge; none is configured.' };
}

/**
 * The analysis without a model: each field from what the call's records say (the booked slot, the
 * caller's name and number, the outcome and mood), null where they say nothing; success by rules.
 * The same call always gives the same analysis.
 */
export function rulesAnalysis(input: RulesInput): CallAnalysisValue {
  return {
    fields: analysisFieldsOf(input.request.fields, (field) => ruleValue(field, input)),
    ...ruleSuccess(input),
    analysedBy: LOCAL_RESPONDER_LABEL,
  };
}
