import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { allEndpoints, API_ERROR_TYPES, API_VERSION, type AnySchema, type EndpointDef } from 'shared-contracts';

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

function operationOf(domain: string, key: string, def: EndpointDef): Json {
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
    responses[403] = errorResponse('The caller\'s role may not call this endpoint');
  }
  if (def.tenant.length > 0) responses[404] = errorResponse('An id does not exist in the caller\'s account');
  const operation: Json = {
    operationId: `${domain}.${key}`,
    summary: def.summary,
    tags: [domain],
    parameters: [...parametersOf(def.params, 'path'), ...parametersOf(def.query, 'query')],
    responses,
    'x-roles': def.roles,
  };
  if (def.roles !== 'public') operation.security = [{ bearer: [] }];
  if (def.body !== undefined) {
    const contentType = def.multipart ? 'multipart/form-data' : 'application/json';
    // A body whose fields are all optional may be left out (the server reads it as `{}`).
    const required = def.multipart === true || !v.safeParse(def.body, {}).success;
    operation.requestBody = { required, content: { [contentType]: { schema: convert(def.body, INPUT) } } };
  }
  return operation;
}

/** The OpenAPI document of the whole contract table, generated, so it cannot drift from the routes. */
export function buildOpenApi(extraPaths: Json = {}): Json {
  const paths: Record<string, Json> = {};
  for (const { domain, key, def } of allEndpoints()) {
    const path = `/${API_VERSION}/${def.path.trim().replace(/^\//, '')}`;
    paths[path] = { ...paths[path], [def.method.toLowerCase()]: operationOf(domain, key, def) };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'AI calls API', version: API_VERSION },
    paths: { ...paths, ...extraPaths },
    components: {
      schemas: { ApiErrorBody: ERROR_BODY },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
