import { AI_CLIENT_PAGE_SIZE } from './limits';

/** The kinds of client an administrator manages. */
export const AI_CLIENT_TYPES = ['AI Client', 'STT Client', 'TTS Client'] as const;
export type AiClientType = (typeof AI_CLIENT_TYPES)[number];

/** The client names offered, in the order the Add dialog lists them. */
export const AI_CLIENT_PROVIDERS = [
  'OpenAI', 'Gemini', 'Claude', 'Elevenlabs', 'AssemblyAI', 'Deepgram', 'PlayHT', 'Amazon Polly',
] as const;
export type AiClientProvider = (typeof AI_CLIENT_PROVIDERS)[number];

/**
 * Which providers offer which kind of client, each list in the spec's order. The first entry
 * is the one the Add dialog preselects ("the first client selected").
 */
export const AI_CLIENT_PROVIDERS_BY_TYPE = {
  'AI Client': ['OpenAI', 'Gemini', 'Claude'],
  'STT Client': ['OpenAI', 'AssemblyAI', 'Deepgram'],
  'TTS Client': ['OpenAI', 'Elevenlabs', 'Deepgram', 'PlayHT', 'Amazon Polly'],
} as const satisfies Record<AiClientType, readonly AiClientProvider[]>;

/** The Add dialog starts with this type. */
export const DEFAULT_AI_CLIENT_TYPE: AiClientType = 'AI Client';

export const AI_CLIENT_TYPE_REQUIRED_TEXT = 'Client Type is required';
export const AI_CLIENT_REQUIRED_TEXT = 'Ai Client is required';
export const AI_MODEL_REQUIRED_TEXT = 'Ai Model is required';
export const AI_CLIENT_TYPE_MISMATCH_TEXT = 'This Ai Client does not offer the chosen Client Type';

export const providersForType = (type: AiClientType): readonly AiClientProvider[] =>
  AI_CLIENT_PROVIDERS_BY_TYPE[type];

export const isProviderForType = (type: AiClientType, client: AiClientProvider): boolean =>
  (AI_CLIENT_PROVIDERS_BY_TYPE[type] as readonly AiClientProvider[]).includes(client);

/** The client the Add dialog selects for a type (the first one offered). */
export const defaultProviderFor = (type: AiClientType): AiClientProvider => AI_CLIENT_PROVIDERS_BY_TYPE[type][0];

/** The provider whose credentials are an AWS key pair and region rather than an API key. */
export const AWS_CREDENTIAL_PROVIDERS: readonly AiClientProvider[] = ['Amazon Polly'];
/** The provider whose API key goes with the account's user id. */
export const USER_ID_CREDENTIAL_PROVIDERS: readonly AiClientProvider[] = ['PlayHT'];

/** Number of pages for a count of items; at least one so the pager always has a page to show. */
export const totalPages = (count: number, pageSize: number = AI_CLIENT_PAGE_SIZE): number =>
  Math.max(1, Math.ceil(Math.max(0, count) / pageSize));
