import * as v from 'valibot';
import { CreateAgentBody, DEFAULT_BOOKING_RULES, DEFAULT_WORKING_HOURS, type AiAgent, type CreateAgentInput, type WEEKDAYS } from 'shared-contracts';

/** What the agent form edits: text inputs hold strings, empty meaning "not set". */
export interface AgentFormValues {
  name: string;
  handleCallType: AiAgent['handleCallType'];
  greeting: string;
  prompt: string;
  voiceId: string;
  /** The AI client answering the calls; '' for the default. */
  textClientId: string;
  language: AiAgent['language'];
  speechPath: AiAgent['speechPath'];
  /** The STT client hearing the caller on our pipeline; '' for none. */
  sttClientId: string;
  phoneNumber: string;
  transferNumber: string;
  maxCallMinutes: number | null;
  recordCalls: boolean;
  squareLocationId: string;
  knowledge: string;
  /** When the agent books; an agent without hours shows (and saves) the default ones. */
  workingHours: { days: Array<(typeof WEEKDAYS)[number]>; start: string; end: string };
  /** Number inputs hold null when emptied. */
  bookingRules: { slotMinutes: number | null; bufferMinutes: number | null; maxDaysAhead: number | null };
  /** Null: the provider's default temperature, the house's longest reply. */
  temperature: number | null;
  maxReplyTokens: number | null;
}

const defaultHours = (): AgentFormValues['workingHours'] => ({ ...DEFAULT_WORKING_HOURS, days: [...DEFAULT_WORKING_HOURS.days] });

export const EMPTY_AGENT: AgentFormValues = {
  name: '', handleCallType: 'inbound', greeting: '', prompt: '', voiceId: '', textClientId: '', language: 'en-US', speechPath: 'twilio', sttClientId: '',
  phoneNumber: '', transferNumber: '', maxCallMinutes: 10, recordCalls: true, squareLocationId: '', knowledge: '',
  workingHours: defaultHours(), bookingRules: { ...DEFAULT_BOOKING_RULES }, temperature: null, maxReplyTokens: null,
};

export const agentToValues = (agent: AiAgent): AgentFormValues => ({
  name: agent.name,
  handleCallType: agent.handleCallType,
  greeting: agent.greeting,
  prompt: agent.prompt,
  voiceId: agent.voiceId,
  textClientId: agent.textClientId ?? '',
  language: agent.language,
  speechPath: agent.speechPath,
  sttClientId: agent.sttClientId ?? '',
  phoneNumber: agent.phoneNumber ?? '',
  transferNumber: agent.transferNumber ?? '',
  maxCallMinutes: agent.maxCallMinutes,
  recordCalls: agent.recordCalls,
  squareLocationId: agent.squareLocationId ?? '',
  knowledge: agent.knowledge,
  workingHours: agent.workingHours ? { ...agent.workingHours, days: [...agent.workingHours.days] } : defaultHours(),
  bookingRules: { ...(agent.bookingRules ?? DEFAULT_BOOKING_RULES) },
  temperature: agent.temperature,
  maxReplyTokens: agent.maxReplyTokens,
});

// An emptied number is sent as NaN, which the contract refuses with the field's own message.
const numberOf = (value: number | null | undefined) => value ?? Number.NaN;

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** The create body as typed; the contract schema normalises and checks it. */
export const valuesToInput = (values: AgentFormValues): CreateAgentInput => ({
  name: values.name,
  handleCallType: values.handleCallType,
  greeting: values.greeting,
  prompt: values.prompt,
  voiceId: values.voiceId,
  textClientId: orNull(values.textClientId),
  language: values.language,
  speechPath: values.speechPath,
  sttClientId: orNull(values.sttClientId),
  phoneNumber: orNull(values.phoneNumber),
  transferNumber: orNull(values.transferNumber),
  maxCallMinutes: values.maxCallMinutes ?? Number.NaN,
  recordCalls: values.recordCalls,
  squareLocationId: orNull(values.squareLocationId),
  knowledge: values.knowledge,
  workingHours: { days: values.workingHours.days, start: values.workingHours.start, end: values.workingHours.end },
  bookingRules: {
    slotMinutes: numberOf(values.bookingRules.slotMinutes),
    bufferMinutes: numberOf(values.bookingRules.bufferMinutes),
    maxDaysAhead: numberOf(values.bookingRules.maxDaysAhead),
  },
  temperature: values.temperature,
  maxReplyTokens: values.maxReplyTokens,
});

/**
 * The body the settings form saves: only the settings it shows. Custom tools and call analysis
 * are edited and saved on their own tabs, so a save here never resets them.
 */
export const parseAgentValues = (values: AgentFormValues) => {
  const { customTools: _tools, analysisFields: _fields, successCriterion: _criterion, ...body } = v.parse(CreateAgentBody, valuesToInput(values));
  return body;
};
