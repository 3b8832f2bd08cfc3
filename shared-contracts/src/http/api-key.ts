import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Id, IsoDateTime, PlainText, requestObject } from '../schemas/common';

/** At most this many unrevoked keys per account. */
export const MAX_ACTIVE_API_KEYS = 10;
export const API_KEY_MAX_EXPIRY_DAYS = 365;
/** An API key sent to an endpoint outside the public API (sign-in, security, keys, billing, administration...). */
export const API_KEY_NOT_ALLOWED_TEXT = 'API keys cannot call this endpoint';
/** The public API's interactive reference, under the API's base and version: `<apiBase>/v1/reference`. */
export const API_REFERENCE_PATH = 'reference';
/** What an API key's secret starts with; a bearer token that does not is a session token. */
export const API_KEY_SECRET_PREFIX = 'ak_live_';
/** A bearer token that looks like an API key but matches none (mistyped, truncated, or of another deployment). */
export const INVALID_API_KEY_TEXT = 'Invalid API key';
export const API_KEY_REVOKED_TEXT = 'This API key was revoked';
export const API_KEY_EXPIRED_TEXT = 'This API key expired';

export const CreateApiKeyBody = requestObject({
  name: PlainText('Key name', 100),
  /** Absent or null: the key does not expire. */
  expiresInDays: v.optional(v.nullable(v.pipe(
    v.number('Expiry must be a number of days'),
    v.integer('Expiry must be whole days'),
    v.minValue(1, `Expiry must be from 1 to ${API_KEY_MAX_EXPIRY_DAYS} days`),
    v.maxValue(API_KEY_MAX_EXPIRY_DAYS, `Expiry must be from 1 to ${API_KEY_MAX_EXPIRY_DAYS} days`),
  ))),
});

/** A key as listed: never the secret, only its first characters to recognise it. */
export const ApiKey = v.object({
  id: Id,
  name: v.string(),
  prefix: v.string(),
  createdAt: IsoDateTime,
  lastUsedAt: v.nullable(IsoDateTime),
  expiresAt: v.nullable(IsoDateTime),
  revokedAt: v.nullable(IsoDateTime),
});
export type ApiKey = v.InferOutput<typeof ApiKey>;

export const apiKeyContract = {
  create: endpoint({
    method: 'POST', path: 'api-key/create', summary: 'Create an API key; the secret is in this response only and is never shown again',
    body: CreateApiKeyBody,
    response: v.object({ apiKey: ApiKey, secret: v.string() }),
    roles: ['USER'], tenant: [],
  }),
  list: endpoint({
    method: 'GET', path: 'api-key/list', summary: 'The account\'s API keys, newest first, revoked ones included',
    response: v.array(ApiKey),
    roles: ['USER'], tenant: [],
  }),
  revoke: endpoint({
    method: 'POST', path: 'api-key/revoke/{id}', summary: 'Revoke an API key; requests with it fail from now on',
    params: v.object({ id: Id }), response: ApiKey,
    roles: ['USER'], tenant: [{ in: 'params', key: 'id', owns: 'apiKey' }],
  }),
} as const;
