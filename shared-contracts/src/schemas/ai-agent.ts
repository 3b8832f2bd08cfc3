import * as v from 'valibot';
import { Id, IsoDateTime, NonEmpty, PlainText, UsPhoneInput, requestObject } from './common';
import { AiAgentSummary, HANDLE_CALL_TYPES } from './entities';
import { hhmmToMinutes } from '../domain/time';
import {
  BUFFER_MINUTES_RANGE, DEFAULT_BUFFER_MINUTES, DEFAULT_MAX_DAYS_AHEAD, DEFAULT_SLOT_MINUTES, MAX_DAYS_AHEAD_RANGE, SLOT_MINUTES_RANGE,
} from '../domain/booking-rules';
import { CustomTool, CustomTools } from './custom-tools';
import { AnalysisField, AnalysisFields, SuccessCriterion } from './call-analysis';
import { SPEECH_PATHS } from '../media-stream';

export const AGENT_LANGUAGES = ['en-US', 'es-US'] as const;
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const AGENT_MAX_CALL_MINUTES = 60;
export const AGENT_KNOWLEDGE_MAX_LENGTH = 100_000;
export const AGENT_MAX_TEMPERATURE = 2;
/** A phone reply is a few sentences; the top leaves room for the hidden reasoning some models spend first. */
export const AGENT_REPLY_TOKENS_RANGE = { min: 50, max: 1_024 } as const;

const Time = (label: string) =>
  v.pipe(v.string(`${label} is required`), v.check((t: string) => hhmmToMinutes(t) !== null, `${label} must be a time such as 09:30`));

/** When the agent takes calls; outside these hours calls go to voicemail or the transfer number. */
export const WorkingHours = v.pipe(
  requestObject({
    days: v.pipe(v.array(v.picklist(WEEKDAYS, 'Choose days of the week')), v.minLength(1, 'Choose at least one day')),
    start: Time('Start time'),
    end: Time('End time'),
  }),
  v.forward(
    v.partialCheck([['start'], ['end']], (h) => (hhmmToMinutes(h.start) ?? 0) < (hhmmToMinutes(h.end) ?? 0), 'End time must be after start time'),
    ['end'],
  ),
);

const rangeText = (label: string, unit: string, range: { min: number; max: number }) => `${label} must be between ${range.min} and ${range.max} ${unit}`;
const WholeNumber = (label: string, unit: string, range: { min: number; max: number }) => v.pipe(
  v.number(`${label} must be a number`),
  v.integer(`${label} must be whole ${unit}`),
  v.minValue(range.min, rangeText(label, unit, range)),
  v.maxValue(range.max, rangeText(label, unit, range)),
);

/**
 * How the agent books: the length of every appointment (slots start on that grid from the
 * opening time), the gap kept after each one, and how many days ahead a call may book. A rule
 * left out takes its default (domain/booking-rules).
 */
export const BookingRules = requestObject({
  slotMinutes: v.optional(v.pipe(
    v.number('Slot length must be a number'),
    v.integer('Slot length must be whole minutes'),
    v.minValue(SLOT_MINUTES_RANGE.min, rangeText('Slot length', 'minutes', SLOT_MINUTES_RANGE)),
    v.maxValue(SLOT_MINUTES_RANGE.max, rangeText('Slot length', 'minutes', SLOT_MINUTES_RANGE)),
    v.multipleOf(SLOT_MINUTES_RANGE.step, `Slot length must be a multiple of ${SLOT_MINUTES_RANGE.step} minutes`),
  ), DEFAULT_SLOT_MINUTES),
  bufferMinutes: v.optional(WholeNumber('Buffer between appointments', 'minutes', BUFFER_MINUTES_RANGE), DEFAULT_BUFFER_MINUTES),
  maxDaysAhead: v.optional(WholeNumber('Days ahead', 'days', MAX_DAYS_AHEAD_RANGE), DEFAULT_MAX_DAYS_AHEAD),
});

const optionalId = (message: string) => v.nullable(v.pipe(v.string(message), v.uuid(message)));

/**
 * An AI agent's settings as a form edits them. No defaults here: the update body is these
 * entries made optional, and a default would overwrite stored values.
 */
export const agentFields = {
  name: PlainText('Agent name', 100),
  handleCallType: v.picklist(HANDLE_CALL_TYPES, 'Choose whether the agent takes inbound calls, outbound calls or both'),
  greeting: PlainText('Greeting', 500),
  /** Instructions to the AI: free text, may quote markup, so no HTML check. */
  prompt: NonEmpty('Instructions', 20_000),
  voiceId: NonEmpty('Voice', 100),
  /** The text (LLM) and STT clients from ai-client/get-ai-clients; null means the platform default. */
  textClientId: optionalId('Choose an AI model'),
  sttClientId: optionalId('Choose a speech-to-text client'),
  language: v.picklist(AGENT_LANGUAGES, 'Choose a language'),
  /** Who speaks and hears the agent's calls: Twilio (ConversationRelay) or our pipeline with the administrator's speech clients. */
  speechPath: v.picklist(SPEECH_PATHS, 'Choose who speaks on the agent\'s calls'),
  /** The number the agent answers and calls from. */
  phoneNumber: v.nullable(UsPhoneInput('Agent phone number')),
  /** Where the agent transfers a caller who asks for a person (call routing). */
  transferNumber: v.nullable(UsPhoneInput('Transfer number')),
  knowledge: v.pipe(v.string('Knowledge must be text'), v.maxLength(AGENT_KNOWLEDGE_MAX_LENGTH, 'Knowledge is too long')),
  squareLocationId: v.nullable(v.pipe(v.string('Choose a Square location'), v.trim(), v.nonEmpty('Choose a Square location'), v.maxLength(100))),
  calendarIntegrationId: optionalId('Choose a calendar'),
  maxCallMinutes: v.pipe(
    v.number('Maximum call length must be a number'),
    v.integer('Maximum call length must be whole minutes'),
    v.minValue(1, `Maximum call length must be from 1 to ${AGENT_MAX_CALL_MINUTES} minutes`),
    v.maxValue(AGENT_MAX_CALL_MINUTES, `Maximum call length must be from 1 to ${AGENT_MAX_CALL_MINUTES} minutes`),
  ),
  recordCalls: v.boolean('Record calls must be on or off'),
  workingHours: v.nullable(WorkingHours),
  bookingRules: v.nullable(BookingRules),
  /** The business's own HTTP tools the model may call during a call. */
  customTools: CustomTools,
  /** Data to extract from each call once it ends, and what makes a call a success. */
  analysisFields: AnalysisFields,
  successCriterion: SuccessCriterion,
  /** The model's sampling temperature; null: the provider's default. */
  temperature: v.nullable(v.pipe(
    v.number('Temperature must be a number'),
    v.minValue(0, `Temperature must be from 0 to ${AGENT_MAX_TEMPERATURE}`),
    v.maxValue(AGENT_MAX_TEMPERATURE, `Temperature must be from 0 to ${AGENT_MAX_TEMPERATURE}`),
  )),
  /** The longest reply in tokens; null: the house cap (AGENT_REPLY_TOKENS_RANGE.max). */
  maxReplyTokens: v.nullable(v.pipe(
    v.number('Longest reply must be a number'),
    v.integer('Longest reply must be whole tokens'),
    v.minValue(AGENT_REPLY_TOKENS_RANGE.min, `Longest reply must be from ${AGENT_REPLY_TOKENS_RANGE.min} to ${AGENT_REPLY_TOKENS_RANGE.max} tokens`),
    v.maxValue(AGENT_REPLY_TOKENS_RANGE.max, `Longest reply must be from ${AGENT_REPLY_TOKENS_RANGE.min} to ${AGENT_REPLY_TOKENS_RANGE.max} tokens`),
  )),
};

export const CreateAgentBody = requestObject({
  name: agentFields.name,
  handleCallType: agentFields.handleCallType,
  greeting: agentFields.greeting,
  prompt: agentFields.prompt,
  voiceId: agentFields.voiceId,
  textClientId: v.optional(agentFields.textClientId, null),
  sttClientId: v.optional(agentFields.sttClientId, null),
  language: v.optional(agentFields.language, 'en-US'),
  speechPath: v.optional(agentFields.speechPath, 'twilio'),
  phoneNumber: v.optional(agentFields.phoneNumber, null),
  transferNumber: v.optional(agentFields.transferNumber, null),
  knowledge: v.optional(agentFields.knowledge, ''),
  squareLocationId: v.optional(agentFields.squareLocationId, null),
  calendarIntegrationId: v.optional(agentFields.calendarIntegrationId, null),
  maxCallMinutes: v.optional(agentFields.maxCallMinutes, 10),
  recordCalls: v.optional(agentFields.recordCalls, true),
  workingHours: v.optional(agentFields.workingHours, null),
  bookingRules: v.optional(agentFields.bookingRules, null),
  customTools: v.optional(agentFields.customTools, []),
  analysisFields: v.optional(agentFields.analysisFields, []),
  successCriterion: v.optional(agentFields.successCriterion, ''),
  temperature: v.optional(agentFields.temperature, null),
  maxReplyTokens: v.optional(agentFields.maxReplyTokens, null),
});
export type CreateAgentInput = v.InferInput<typeof CreateAgentBody>;

/** An AI agent (an "AI call support") with every setting. */
export const AiAgent = v.object({
  ...AiAgentSummary.entries,
  greeting: v.string(),
  prompt: v.string(),
  voiceId: v.string(),
  textClientId: v.nullable(Id),
  sttClientId: v.nullable(Id),
  language: v.picklist(AGENT_LANGUAGES),
  speechPath: v.picklist(SPEECH_PATHS),
  transferNumber: v.nullable(v.string()),
  knowledge: v.string(),
  squareLocationId: v.nullable(v.string()),
  calendarIntegrationId: v.nullable(Id),
  maxCallMinutes: v.number(),
  recordCalls: v.boolean(),
  workingHours: v.nullable(v.object({ days: v.array(v.picklist(WEEKDAYS)), start: v.string(), end: v.string() })),
  /** Null: the defaults (30-minute slots, no buffer, 90 days ahead). */
  bookingRules: v.nullable(v.object({ slotMinutes: v.number(), bufferMinutes: v.number(), maxDaysAhead: v.number() })),
  customTools: v.array(CustomTool),
  /** The start of the secret the custom tools' requests are signed with; null until the agent has one. */
  toolSecretPrefix: v.nullable(v.string()),
  analysisFields: v.array(AnalysisField),
  successCriterion: v.string(),
  temperature: v.nullable(v.number()),
  maxReplyTokens: v.nullable(v.number()),
  /** The number of the agent's current version. */
  version: v.number(),
  updatedAt: IsoDateTime,
});
export type AiAgent = v.InferOutput<typeof AiAgent>;
