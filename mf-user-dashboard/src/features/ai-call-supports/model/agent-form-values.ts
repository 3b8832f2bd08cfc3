import * as v from 'valibot';
import { CreateAgentBody, type AiAgent, type CreateAgentInput } from 'shared-contracts';

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
  phoneNumber: string;
  transferNumber: string;
  maxCallMinutes: number | null;
  recordCalls: boolean;
  squareLocationId: string;
  knowledge: string;
}

export const EMPTY_AGENT: AgentFormValues = {
  name: '', handleCallType: 'inbound', greeting: '', prompt: '', voiceId: '', textClientId: '', language: 'en-US',
  phoneNumber: '', transferNumber: '', maxCallMinutes: 10, recordCalls: true, squareLocationId: '', knowledge: '',
};

export const agentToValues = (agent: AiAgent): AgentFormValues => ({
  name: agent.name,
  handleCallType: agent.handleCallType,
  greeting: agent.greeting,
  prompt: agent.prompt,
  voiceId: agent.voiceId,
  textClientId: agent.textClientId ?? '',
  language: agent.language,
  phoneNumber: agent.phoneNumber ?? '',
  transferNumber: agent.transferNumber ?? '',
  maxCallMinutes: agent.maxCallMinutes,
  recordCalls: agent.recordCalls,
  squareLocationId: agent.squareLocationId ?? '',
  knowledge: agent.knowledge,
});

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
  phoneNumber: orNull(values.phoneNumber),
  transferNumber: orNull(values.transferNumber),
  maxCallMinutes: values.maxCallMinutes ?? Number.NaN,
  recordCalls: values.recordCalls,
  squareLocationId: orNull(values.squareLocationId),
  knowledge: values.knowledge,
});

export const parseAgentValues = (values: AgentFormValues) => v.parse(CreateAgentBody, valuesToInput(values));
