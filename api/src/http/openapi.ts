import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import * as v from 'valibot';
import {
  allEndpoints, API_ERROR_TYPES, API_KEY_SECRET_PREFIX, API_VERSION, publicApiEndpoints, type AnySchema, type EndpointDef,
} from 'shared-contracts';
import { KEY_ANSWERS_DESCRIPTION, rateLimitResponseHeaders, tooManyRequestsHeaders } from '../modules/api-key/openapi-headers';
import { IDEMPOTENCY_DESCRIPTION, idempotencyKeyParameter } from '../modules/idempotency';

type Json = Record<string, unknown>;

// Request schemas are shown as the client must send them (before transforms such as trim);
// actions JSON Schema cannot express (custom checks, transforms) are left out rather than failing.
const INPUT: ConversionConfig = { target: 'openapi-3.0', typeMode: 'input', errorMode: 'ignore' };
const OUTPUT: ConversionConfig = { target: 'openapi-3.0', errorMode: 'ignore' };

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

/** OpenAPI 3.0 forbids an empty `required` list, which the converter emits for all-optional objects. */
function tidy<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(tidy) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'required' && Array.isArray(value) && value.length === 0) continue;
    out[key] = tidy(value);
  }
  return out as T;
}

const convert = (schema: AnySchema, config: ConversionConfig): Json => tidy(toJsonSchema(schema, config)) as Json;

function parametersOf(schema: AnySchema | undefined, location: 'path' | 'query'): Json[] {
  if (schema === undefined) return [];
  const json = convert(schema, INPUT) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
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
  // Either scheme may authenticate an endpoint that lists both (OpenAPI reads the list as "or").
  if (def.roles !== 'public') operation.security = publicOnly ? [{ apiKey: [] }] : def.publicApi ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }];
  if (def.body !== undefined) {
    const contentType = def.multipart ? 'multipart/form-data' : 'application/json';
    // A body whose fields are all optional may be left out (the server reads it as `{}`).
    const required = def.multipart === true || !v.safeParse(def.body, {}).success;
    operation.requestBody = { required, content: { [contentType]: { schema: convert(def.body, INPUT) } } };
  }
  return operation;
}

const PUBLIC_API_DESCRIPTION = [
  'Calls, leads, appointments and AI agents of your account, for your CRM and back office.',
  'Authenticate with an API key from the API integration page: `Authorization: Bearer ak_live_…`. Paths that take an `accountId` take your account ID, shown on that page too.',
  'Every answer is JSON: `{ "data": … }` (lists that page also carry `total`), or an error `{ "type", "message" }`.',
  KEY_ANSWERS_DESCRIPTION,
  IDEMPOTENCY_DESCRIPTION,
].join('\n\n');

const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The session token a sign-in returns' },
  apiKey: {
    type: 'http', scheme: 'bearer', bearerFormat: `${API_KEY_SECRET_PREFIX}…`,
    description: 'An API key made on the API integration page, sent as `Authorization: Bearer ak_live_…`. It acts as a USER of its account on the endpoints that list it, each key with its own rate limit.',
  },
};

/**
 * The OpenAPI document of the contract table, generated, so it cannot drift from the routes: the
 * whole table, or (`publicOnly`) the public API that API keys may call.
 */
export function buildOpenApi(extraPaths: Json = {}, { publicOnly = false } = {}): Json {
  const paths: Record<string, Json> = {};
  for (const { domain, key, def } of publicOnly ? publicApiEndpoints() : allEndpoints()) {
    const path = `/${API_VERSION}/${def.path.trim().replace(/^\//, '')}`;
    paths[path] = { ...paths[path], [def.method.toLowerCase()]: operationOf(domain, key, def, publicOnly) };
  }
  return {
    openapi: '3.0.3',
    info: publicOnly
      ? { title: 'AI calls public API', version: API_VERSION, description: PUBLIC_API_DESCRIPTION }
      : { title: 'AI calls API', version: API_VERSION },
    paths: { ...paths, ...extraPaths },
    components: {
      schemas: { ApiErrorBody: ERROR_BODY },
      securitySchemes: publicOnly ? { apiKey: SECURITY_SCHEMES.apiKey } : SECURITY_SCHEMES,
    },
  };
}
