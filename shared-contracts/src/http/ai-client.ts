import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Deleted, HttpUrl, Id, IsoDateTime, PlainText, Secret, partialUpdate, requestObject } from '../schemas/common';
import {
  AI_CLIENT_PROVIDERS, AI_CLIENT_REQUIRED_TEXT, AI_CLIENT_TYPES, AI_CLIENT_TYPE_MISMATCH_TEXT,
  AI_CLIENT_TYPE_REQUIRED_TEXT, AI_MODEL_REQUIRED_TEXT, isProviderForType,
} from '../domain/ai-clients';
import { AI_CLIENT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from '../domain/limits';

const ADMIN = ['ADMINISTRATOR'] as const;
const byId = [{ in: 'params', key: 'id', owns: 'aiClient' }] as const;

export const AiClientTypeSchema = v.picklist(AI_CLIENT_TYPES, AI_CLIENT_TYPE_REQUIRED_TEXT);
export const AiClientProviderSchema = v.picklist(AI_CLIENT_PROVIDERS, AI_CLIENT_REQUIRED_TEXT);
export const AiModel = v.pipe(
  v.string(AI_MODEL_REQUIRED_TEXT),
  v.trim(),
  v.nonEmpty(AI_MODEL_REQUIRED_TEXT),
  v.maxLength(100, 'Ai Model is too long'),
);

/** A row of the admin list (spec: id, name, model, purpose; missing values show N/A). */
export const AiClientListItem = v.object({
  id: Id,
  /** The provider's name, e.g. OpenAI. */
  name: v.picklist(AI_CLIENT_PROVIDERS),
  type: v.picklist(AI_CLIENT_TYPES),
  model: v.string(),
  purpose: v.nullable(v.string()),
  enabled: v.boolean(),
});
export type AiClientListItem = v.InferOutput<typeof AiClientListItem>;

/** One client as the edit screen shows it. Credentials are write-only: only whether they are set. */
export const AiClient = v.object({
  ...AiClientListItem.entries,
  hasCredentials: v.boolean(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type AiClient = v.InferOutput<typeof AiClient>;

/** Spec: name filter, page (from 1), limit (the list shows AI_CLIENT_PAGE_SIZE per page). */
export const AiClientListBody = v.object({
  name: v.optional(v.pipe(v.string('Name filter must be text'), v.trim(), v.maxLength(100, 'Name filter is too long')), ''),
  page: v.optional(v.pipe(
    v.number('Page must be a number'), v.integer('Page must be a whole number'), v.minValue(1, 'Page starts at 1'), v.maxValue(MAX_PAGE, `Page must be at most ${MAX_PAGE}`),
  ), 1),
  limit: v.optional(v.pipe(
    v.number('Limit must be a number'),
    v.integer('Limit must be a whole number'),
    v.minValue(1, 'Limit must be at least 1'),
    v.maxValue(MAX_PAGE_SIZE, `Limit must be at most ${MAX_PAGE_SIZE}`),
  ), AI_CLIENT_PAGE_SIZE),
});

/** The Add dialog's form (the "preference-add" payload: type, client, model). */
export const CreateAiClientBody = v.pipe(
  requestObject({ type: AiClientTypeSchema, client: AiClientProviderSchema, model: AiModel }),
  v.forward(
    v.partialCheck([['type'], ['client']], (i) => isProviderForType(i.type, i.client), AI_CLIENT_TYPE_MISMATCH_TEXT),
    ['client'],
  ),
);

export const AWS_REGION_PATTERN = /^[a-z]{2}(-[a-z]+)+-\d$/;

/** Where an AI client's requests go instead of the provider's own API: an OpenAI-compatible server. */
export const BaseUrl = v.pipe(HttpUrl('Base URL'), v.maxLength(500, 'Base URL is too long'));

/**
 * Provider credentials: an API key (PlayHT's with the account's user id), or (Amazon Polly) an
 * AWS key pair and region; any client may add the base URL of another endpoint of its
 * provider's API. Never returned.
 */
export const AiClientCredentials = v.pipe(
  v.object({
    apiKey: v.optional(Secret('API key')),
    userId: v.optional(Secret('User ID')),
    baseUrl: v.optional(BaseUrl),
    accessKeyId: v.optional(Secret('Access key id')),
    secretAccessKey: v.optional(Secret('Secret access key')),
    region: v.optional(v.pipe(v.string('Region is required'), v.trim(), v.regex(AWS_REGION_PATTERN, 'Enter an AWS region such as us-east-1'))),
  }),
  v.check(
    (c) => c.apiKey !== undefined || (c.accessKeyId !== undefined && c.secretAccessKey !== undefined && c.region !== undefined),
    'Enter an API key, or an access key id, secret access key and region',
  ),
);

export const UpdateAiClientBody = partialUpdate({
  model: AiModel,
  purpose: v.nullable(PlainText('Purpose', 200)),
  credentials: AiClientCredentials,
  enabled: v.boolean('Enabled must be on or off'),
});

/** What an agent form offers: enabled clients, by kind (spec: `text` and `stt`). */
export const AiClientOption = v.object({ id: Id, name: v.picklist(AI_CLIENT_PROVIDERS), model: v.string(), purpose: v.nullable(v.string()) });
export const AiClientOptions = v.object({ text: v.array(AiClientOption), stt: v.array(AiClientOption) });
export type AiClientOptions = v.InferOutput<typeof AiClientOptions>;

/** How long a connection test waits for the provider before it says there was no answer. */
export const AI_CLIENT_TEST_TIMEOUT_SECONDS = 10;
/** What a TTS client's Test connection speaks. */
export const SPEECH_PROBE_SENTENCE = 'Thanks for calling. This is how your agent will sound.';

/**
 * One tiny request made with the stored credentials: the model's answer, or the provider's
 * error (never the credentials), and how long it took.
 */
export const AiClientTestResult = v.object({
  ok: v.boolean(),
  /** When ok: the model's reply, the words an STT client heard, or the sentence a TTS client spoke;
   *  else what went wrong in the provider's own words. */
  message: v.string(),
  millis: v.number(),
  /** What a TTS client spoke, to play on the page. */
  audio: v.optional(v.object({ contentType: v.string(), base64: v.string() })),
});
export type AiClientTestResult = v.InferOutput<typeof AiClientTestResult>;

export const aiClientContract = {
  getAllClients: endpoint({
    // The spec's source path carries a trailing space; routePattern() and buildPath() trim it.
    method: 'POST', path: 'ai-client/get-all-clients ', summary: 'AI, STT and TTS clients, filtered by name and paged',
    body: AiClientListBody,
    response: v.array(AiClientListItem), paged: true,
    roles: ADMIN, tenant: [],
  }),
  createAiClient: endpoint({
    method: 'POST', path: 'ai-client/create-ai-client', summary: 'Add a client of a type from a provider that offers it',
    idempotent: true,
    body: CreateAiClientBody, response: AiClient,
    roles: ADMIN, tenant: [],
  }),
  getAiClients: endpoint({
    method: 'GET', path: 'ai-client/get-ai-clients', summary: 'Enabled text (AI) and STT clients an agent can use',
    response: AiClientOptions,
    roles: ['USER', 'ADMINISTRATOR'], tenant: [],
  }),
  getAiClient: endpoint({
    method: 'GET', path: 'ai-client/get-ai-client/{id}', summary: 'One client, for the edit screen',
    params: v.object({ id: Id }), response: AiClient,
    roles: ADMIN, tenant: byId,
  }),
  updateAiClient: endpoint({
    method: 'PATCH', path: 'ai-client/update-ai-client/{id}', summary: 'Change a client\'s model, purpose, credentials or enabled flag',
    params: v.object({ id: Id }), body: UpdateAiClientBody, response: AiClient,
    roles: ADMIN, tenant: byId,
  }),
  testAiClient: endpoint({
    method: 'POST', path: 'ai-client/test-ai-client/{id}', summary: 'Make one tiny request with a client\'s stored credentials and say how it went: a model answers, an STT client transcribes a sample, a TTS client speaks one',
    params: v.object({ id: Id }), response: AiClientTestResult,
    roles: ADMIN, tenant: byId,
  }),
  deleteAiClient: endpoint({
    method: 'DELETE', path: 'ai-client/delete-ai-client/{id}', summary: 'Remove a client; agents using it fall back to the default client',
    params: v.object({ id: Id }), response: Deleted,
    roles: ADMIN, tenant: byId,
  }),
} as const;
