import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import * as v from 'valibot';
import {
  allEndpoints, API_ERROR_TYPES, API_KEY_SECRET_PREFIX, API_VERSION, publicApiEndpoints, type AnySchema, type EndpointDef,
} from 'shared-contracts';
import { KEY_ANSWERS_DESCRIPTION, rateLimitResponseHeaders, tooManyRequestsHeaders } from '../modules/api-key/openapi-headers';
import { IDEMPOTENCY_DESCRIPTION, idempotencyKeyParameter } from '../modules/idempotency';
import { webhooksSection } from './openapi-webhooks';

type Json = Record<string, unknown>;

// Request schemas are shown as the client must send them (before transforms such as trim);
// actions JSON Schema cannot express (custom checks, transforms) are left out rather than failing.
const INPUT: ConversionConfig = { target: 'draft-2020-12', typeMode: 'input', errorMode: 'ignore' };
const OUTPUT: ConversionConfig = { target: 'draft-2020-12', errorMode: 'ignore' };

const ERROR_BODY: Json = {
  type: 'object',
  required: ['type', 'message'],
  properties: {
    type: { type: 'string', enum: [...API_ERROR_TYPES] },
    message: { type: 'string' },
    errors: { type: 'array', items: { type: 'string' } },
  },
};

const errorResponse = (description: string): Json => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } } },
});

/**
 * Drops what says nothing: an empty `required` list (all-optional objects) and the `$schema`
 * dialect (OpenAPI 3.1's default, JSON Schema 2020-12, is the one the converter writes).
 */
function tidy<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(tidy) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'required' && Array.isArray(value) && value.length === 0) continue;
    if (key === '$schema') continue;
    out[key] = tidy(value);
  }
  return out as T;
}

const convert = (schema: AnySchema, config: ConversionConfig): Json => tidy(toJsonSchema(schema, config)) as Json;

/**
 * A query field arrives as text, which the server reads as the field's type (numbers may come
 * as digits): the document gives that one type, not the union the server accepts on the way.
 */
function queryField(schema: Json): Json {
  if (schema.type === undefined || schema.anyOf === undefined) return schema;
  const { anyOf: _accepted, ...field } = schema;
  return field;
}

/**
 * What an open endpoint answers besides 200 and 400, which the contract table does not say:
 * wrong credentials or code (401), an unverified email or a two-step account signing in with a
 * password alone (403), Google sign-in not configured (404), and the sign-in and email limits (429).
 * Signed-in endpoints with the same limits are listed too.
 */
const MORE_ANSWERS: Record<string, Record<number, string>> = {
  'auth.login': { 401: 'Wrong email or password', 403: 'The email is not verified yet, or the account signs in with a two-step code', 429: 'Too many failed attempts for this email or address; `message` says when to try again' },
  'auth.loginGoogle': { 401: 'Google refused the token, or its email is not verified', 404: 'Google sign-in is not configured', 429: 'Too many attempts from this address; `message` says when to try again' },
  'auth.send2FACode': { 401: 'Wrong email or password', 429: 'Too many failed attempts or codes sent; `message` says when to try again' },
  'auth.verify2FACode': { 401: 'The code is wrong', 429: 'Too many failed attempts; `message` says when to try again' },
  'auth.register': { 429: 'Too many emails sent to this address or from this address; `message` says when to try again' },
  'auth.verifyEmail': { 429: 'Too many failed attempts; `message` says when to try again' },
  'auth.resendVerification': { 429: 'Too many emails sent; `message` says when to try again' },
  'auth.forgetPassword': { 429: 'Too many emails sent; `message` says when to try again' },
  'auth.resetPassword': { 429: 'Too many failed attempts; `message` says when to try again' },
  'auth.changePassword': { 429: 'Too many failed attempts; `message` says when to try again' },
};

function parametersOf(schema: AnySchema | undefined, location: 'path' | 'query'): Json[] {
  if (schema === undefined) return [];
  const json = convert(schema, INPUT) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: location === 'query' ? queryField(property) : property,
  }));
}


function operationOf(domain: string, key: string, def: EndpointDef, publicOnly: boolean): Json {
  const data = convert(def.response, OUTPUT);
  const success: Json = {
    type: 'object',
    required: def.paged ? ['data', 'total'] : ['data'],
    properties: def.paged ? { data, total: { type: 'integer' } } : { data },
  };
  const responses: Json = {
    200: { description: 'OK', content: { 'application/json': { schema: success } } },
    400: errorResponse('The request is malformed; `errors` lists every problem'),
  };
  if (def.roles !== 'public') {
    responses[401] = errorResponse('Missing, invalid, expired or revoked token');
    responses[403] = errorResponse(def.publicApi
      ? 'The caller\'s role may not call this endpoint'
      : 'The caller\'s role may not call this endpoint, or the token is an API key (keys may call the public API only)');
  }
  if (def.publicApi) responses[429] = errorResponse('The API key made too many requests; `Retry-After` says how many seconds to wait');
  if (def.tenant.length > 0) responses[404] = errorResponse('An id does not exist in the caller\'s account');
  for (const [status, description] of Object.entries(MORE_ANSWERS[`${domain}.${key}`] ?? {})) responses[status] = errorResponse(description);
  if (def.idempotent) responses[409] = errorResponse('The Idempotency-Key was used with another request, or its first request is still running (`Retry-After`)');
  // Every answer to a recognised key shows its quota; a 401 recognised none.
  if (def.publicApi) {
    for (const [status, response] of Object.entries(responses)) {
      if (status !== '401') (response as Json).headers = status === '429' ? tooManyRequestsHeaders : rateLimitResponseHeaders;
    }
  }
  const operation: Json = {
    operationId: `${domain}.${key}`,
    summary: def.summary,
    tags: [domain],
    parameters: [...parametersOf(def.params, 'path'), ...parametersOf(def.query, 'query'), ...(def.idempotent ? [idempotencyKeyParameter] : [])],
    responses,
    'x-roles': def.roles,
  };
  // Either scheme may authenticate an endpoint that lists both (OpenAPI reads the list as "or");
  // an empty list says the endpoint is open.
  operation.security = def.roles === 'public' ? []
    : publicOnly ? [{ apiKey: [] }] : def.publicApi ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }];
  if (def.body !== undefined) {
    const contentType = def.multipart ? 'multipart/form-data' : 'application/json';
    // A body whose fields are all optional may be left out (the server reads it as `{}`).
    const required = def.multipart === true || !v.safeParse(def.body, {}).success;
    operation.requestBody = { required, content: { [contentType]: { schema: convert(def.body, INPUT) } } };
  }
  return operation;
}

/** The reference page's pointer to the typed client generated from this document. */
export const API_CLIENT_DESCRIPTION = [
  '**TypeScript client.** The `api-client` package of this repository (see its README.md) is generated from this document:',
  'typed paths and bodies (openapi-typescript and openapi-fetch), your API key on every request, an `Idempotency-Key` on every create,',
  'and retries on 429 and 503 after `Retry-After`. `createApiClient({ baseUrl, apiKey })`, then for example',
  '`api.GET(\'/v1/call/get-call/{id}\', { params: { path: { id } } })`.',
].join(' ');

const PUBLIC_API_DESCRIPTION = [
  'Calls, leads, appointments and AI agents of your account, for your CRM and back office.',
  'Authenticate with an API key from the API integration page: `Authorization: Bearer ak_live_…`. Paths that take an `accountId` take your account ID, shown on that page too.',
  'Every answer is JSON: `{ "data": … }` (lists that page also carry `total`), or an error `{ "type", "message" }`.',
  KEY_ANSWERS_DESCRIPTION,
  IDEMPOTENCY_DESCRIPTION,
  API_CLIENT_DESCRIPTION,
].join('\n\n');

const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The session token a sign-in returns' },
  apiKey: {
    type: 'http', scheme: 'bearer', bearerFormat: `${API_KEY_SECRET_PREFIX}…`,
    description: 'An API key made on the API integration page, sent as `Authorization: Bearer ak_live_…`. It acts as a USER of its account on the endpoints that list it, each key with its own rate limit.',
  },
};

/** Routes outside the contract table (health, readiness) are open: their operations say so. */
function openRoutes(extraPaths: Json): Json {
  const out: Json = {};
  for (const [path, operations] of Object.entries(extraPaths)) {
    out[path] = Object.fromEntries(Object.entries(operations as Json).map(([method, op]) => [method, { security: [], ...(op as Json) }]));
  }
  return out;
}

/**
 * The OpenAPI document of the contract table, generated, so it cannot drift from the routes: the
 * whole table, or (`publicOnly`) the public API that API keys may call. Both list the webhook
 * events an account's endpoints receive.
 */
export function buildOpenApi(extraPaths: Json = {}, { publicOnly = false } = {}): Json {
  const paths: Record<string, Json> = {};
  for (const { domain, key, def } of publicOnly ? publicApiEndpoints() : allEndpoints()) {
    const path = `/${API_VERSION}/${def.path.trim().replace(/^\//, '')}`;
    paths[path] = { ...paths[path], [def.method.toLowerCase()]: operationOf(domain, key, def, publicOnly) };
  }
  return {
    openapi: '3.1.0',
    info: publicOnly
      ? { title: 'AI calls public API', version: API_VERSION, description: PUBLIC_API_DESCRIPTION }
      : { title: 'AI calls API', version: API_VERSION },
    // Paths start with the version, so the server is the API's own origin, wherever it runs.
    servers: [{ url: '/', description: 'This API\'s origin' }],
    paths: { ...paths, ...openRoutes(extraPaths) },
    webhooks: webhooksSection(),
    components: {
      schemas: { ApiErrorBody: ERROR_BODY },
      securitySchemes: publicOnly ? { apiKey: SECURITY_SCHEMES.apiKey } : SECURITY_SCHEMES,
    },
  };
}
