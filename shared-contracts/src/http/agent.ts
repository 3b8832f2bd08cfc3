import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Deleted, Id, SearchText, partialUpdate, requestObject } from '../schemas/common';
import { AgentStatusEntry, AiAgentSummary } from '../schemas/entities';
import { CampaignProgress } from './campaign';
import { AiAgent, CreateAgentBody, agentFields } from '../schemas/ai-agent';
import { AI_CLIENT_PROVIDERS_BY_TYPE } from '../domain/ai-clients';
import { CustomTool } from '../schemas/custom-tools';

/** A human agent of the account as its team sees it: name, number, presence and time in it. */
export const TeamMember = v.object({ ...AgentStatusEntry.entries, fullName: v.string(), agentNumber: v.nullable(v.string()) });
export type TeamMember = v.InferOutput<typeof TeamMember>;

export const AgentsOverview = v.object({
  totalAgents: v.number(),
  activeCampaigns: v.number(),
  agents: v.array(v.object({ ...AiAgentSummary.entries, callCount: v.number(), lastCallAt: v.nullable(v.string()) })),
  /** The account's human agents with their live availability. */
  humanAgents: v.array(TeamMember),
});
export type AgentsOverview = v.InferOutput<typeof AgentsOverview>;

export const VOICE_GENDERS = ['female', 'male', 'neutral'] as const;
const TtsProvider = v.picklist(AI_CLIENT_PROVIDERS_BY_TYPE['TTS Client'], 'Choose a voice provider');

export const AgentVoice = v.object({
  id: v.string(),
  name: v.string(),
  provider: v.picklist(AI_CLIENT_PROVIDERS_BY_TYPE['TTS Client']),
  gender: v.picklist(VOICE_GENDERS),
  accent: v.nullable(v.string()),
  language: v.string(),
  /** A short sample to play before choosing. */
  previewUrl: v.nullable(v.string()),
  /** The voice's avatar in the picker. */
  imageUrl: v.string(),
  /** An administrator's enabled speech client of the voice's provider can speak a preview in this very voice (agent/preview-voice). */
  providerPreview: v.optional(v.boolean(), false),
});
export type AgentVoice = v.InferOutput<typeof AgentVoice>;

export const AgentVoicesFilter = v.object({
  search: SearchText,
  provider: v.optional(TtsProvider),
  gender: v.optional(v.picklist(VOICE_GENDERS, 'Choose female, male or neutral')),
  language: v.optional(v.pipe(v.string(), v.maxLength(20))),
});

/** The longest sentence a voice preview speaks (each preview is a request to the provider). */
export const VOICE_PREVIEW_MAX_CHARS = 300;
export const VoicePreviewBody = requestObject({
  voiceId: v.pipe(v.string('Choose a voice'), v.nonEmpty('Choose a voice'), v.maxLength(100)),
  text: v.pipe(v.string('Text must be text'), v.trim(), v.nonEmpty('Enter a sentence to preview'), v.maxLength(VOICE_PREVIEW_MAX_CHARS, `A preview speaks at most ${VOICE_PREVIEW_MAX_CHARS} characters`)),
});
export const VoicePreviewAudio = v.object({ contentType: v.string(), base64: v.string() });

export const SquareLocation = v.object({
  id: v.string(),
  name: v.string(),
  address: v.nullable(v.string()),
  timezone: v.nullable(v.string()),
});

export const UpdateAgentBody = partialUpdate(agentFields);

/** Sample arguments for "Try it": checked against the tool's own parameters by the server. */
const SampleArgs = v.record(
  v.pipe(v.string(), v.maxLength(40, 'Parameter name is too long')),
  v.union([v.pipe(v.string(), v.maxLength(500, 'A sample value must be at most 500 characters')), v.number(), v.boolean()], 'A sample value is text, a number or yes/no'),
  'Sample arguments must be an object',
);

export const TryCustomToolBody = requestObject({
  agentId: v.pipe(v.string('Choose an agent'), v.uuid('Choose an agent')),
  tool: CustomTool,
  args: v.optional(SampleArgs, {}),
});
export type TryCustomToolBody = v.InferInput<typeof TryCustomToolBody>;

/** How a sample request went: the endpoint's status and the start of its answer, or why there was none. */
export const TryCustomToolResult = v.object({
  /** Null when no answer came (refused, unreachable, timed out). */
  status: v.nullable(v.number()),
  durationMs: v.number(),
  /** The start of the answer's body as it came. */
  body: v.string(),
  /** Why the agent could not use the answer (it would say it could not reach the system), or null when it could. */
  error: v.nullable(v.string()),
  /** What the model would read. */
  modelSees: v.string(),
});
export type TryCustomToolResult = v.InferOutput<typeof TryCustomToolResult>;

/** The agent's new signing secret for its custom tools: shown this once, only its prefix afterwards. */
export const ToolSecret = v.object({ secret: v.string(), toolSecretPrefix: v.string() });
export type ToolSecret = v.InferOutput<typeof ToolSecret>;

const ownsAgent = (where: 'params' | 'body', key: string) => [{ in: where, key, owns: 'aiAgent' }] as const;
const USER = ['USER'] as const;

/** An agent in the list, with how far its outbound campaign has got. */
export const AgentListItem = v.object({ ...AiAgentSummary.entries, campaign: CampaignProgress });
export type AgentListItem = v.InferOutput<typeof AgentListItem>;

export const agentContract = {
  getAgents: endpoint({
    method: 'GET', path: 'agent/get-agents/{accountId}', summary: 'The account\'s AI agents',
    params: v.object({ accountId: Id }),
    response: v.array(AgentListItem),
    roles: ['USER'], tenant: [{ in: 'params', key: 'accountId', owns: 'account' }], publicApi: true,
  }),
  getTeam: endpoint({
    method: 'GET', path: 'agent/get-team', summary: 'The human agents of the caller\'s own account, with their presence and time in it',
    response: v.array(TeamMember),
    roles: ['USER', 'AGENT'], tenant: [],
  }),
  getAgentsOverview: endpoint({
    method: 'GET', path: 'agent/get-agents-overview/{accountId}', summary: 'AI agents with their call counts, and human agents with their availability',
    params: v.object({ accountId: Id }),
    response: AgentsOverview,
    roles: ['USER'], tenant: [{ in: 'params', key: 'accountId', owns: 'account' }],
  }),
  getAgentVoices: endpoint({
    method: 'POST', path: 'agent/get-agent-voices', summary: 'The voices an agent can speak with, filtered',
    body: AgentVoicesFilter, response: v.array(AgentVoice),
    roles: USER, tenant: [], publicApi: true,
  }),
  previewVoice: endpoint({
    method: 'POST', path: 'agent/preview-voice', summary: 'A sentence spoken in a voice by the administrator\'s speech client of its provider, to play before choosing it',
    body: VoicePreviewBody, response: VoicePreviewAudio,
    roles: USER, tenant: [],
  }),
  getSquareupLocations: endpoint({
    method: 'GET', path: 'agent/get-squareup-locations/{id}', summary: 'The locations of the account\'s connected Square (empty when Square is not connected)',
    params: v.object({ id: Id }),
    response: v.object({ locations: v.array(SquareLocation) }),
    roles: USER, tenant: [{ in: 'params', key: 'id', owns: 'account' }],
  }),
  createAgent: endpoint({
    method: 'POST', path: 'agent/create-agent', summary: 'Create an AI agent (refused on the free plan once the agent cap is reached, and with a phone number another account has)',
    idempotent: true,
    body: CreateAgentBody, response: AiAgent,
    roles: USER,
    tenant: [
      { in: 'body', key: 'calendarIntegrationId', owns: 'integration', whenPresent: true },
      { in: 'body', key: 'textClientId', owns: 'aiClient', whenPresent: true },
      { in: 'body', key: 'sttClientId', owns: 'aiClient', whenPresent: true },
    ],
    publicApi: true,
  }),
  getAgent: endpoint({
    method: 'GET', path: 'agent/get-agent/{id}', summary: 'One AI agent with every setting',
    params: v.object({ id: Id }), response: AiAgent,
    roles: USER, tenant: ownsAgent('params', 'id'), publicApi: true,
  }),
  updateAgent: endpoint({
    method: 'PATCH', path: 'agent/update-agent/{agentId}', summary: 'Change an AI agent\'s settings (the body is the update object); a phone number another account has is refused',
    params: v.object({ agentId: Id }), body: UpdateAgentBody, response: AiAgent,
    roles: USER,
    tenant: [
      { in: 'params', key: 'agentId', owns: 'aiAgent' },
      { in: 'body', key: 'calendarIntegrationId', owns: 'integration', whenPresent: true },
      { in: 'body', key: 'textClientId', owns: 'aiClient', whenPresent: true },
      { in: 'body', key: 'sttClientId', owns: 'aiClient', whenPresent: true },
    ],
    publicApi: true,
  }),
  deleteAgent: endpoint({
    method: 'DELETE', path: 'agent/delete-agent/{id}', summary: 'Delete an AI agent; its call logs stay',
    params: v.object({ id: Id }), response: Deleted,
    roles: USER, tenant: ownsAgent('params', 'id'), publicApi: true,
  }),
  duplicateAgent: endpoint({
    method: 'POST', path: 'agent/duplicate-agent', summary: 'Copy an AI agent (named "<name> (copy)", no phone number; counts toward the free-plan cap)',
    idempotent: true,
    body: requestObject({ agentId: v.pipe(v.string('Choose an agent'), v.uuid('Choose an agent')) }),
    response: AiAgent,
    roles: USER, tenant: ownsAgent('body', 'agentId'), publicApi: true,
  }),
  tryCustomTool: endpoint({
    method: 'POST', path: 'agent/try-custom-tool', summary: 'Send a sample request to a custom tool\'s endpoint, signed as during a call, and see its answer',
    body: TryCustomToolBody, response: TryCustomToolResult,
    roles: USER, tenant: ownsAgent('body', 'agentId'),
  }),
  rotateToolSecret: endpoint({
    method: 'POST', path: 'agent/rotate-tool-secret/{agentId}', summary: 'Give the agent a new secret for signing its custom tools\' requests (shown once; the old one stops at once)',
    params: v.object({ agentId: Id }), response: ToolSecret,
    roles: USER, tenant: ownsAgent('params', 'agentId'),
  }),
} as const;
