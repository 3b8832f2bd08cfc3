import * as v from 'valibot';
import { inputRefusal, type AnySchema } from 'shared-contracts';
import { badRequest } from './api-error';

type Issue = v.BaseIssue<unknown>;
type SchemaLike = { entries?: Record<string, SchemaLike> } & v.GenericSchema;

/** The entry schema at an issue's path, when the path runs through object schemas. */
function entryAt(schema: SchemaLike, keys: unknown[]): SchemaLike | undefined {
  let current: SchemaLike | undefined = schema;
  for (const key of keys) current = typeof key === 'string' ? current?.entries?.[key] : undefined;
  return current;
}

/**
 * Valibot reports a missing key with the object's generic text ("Invalid key: Expected "email"
 * but received undefined"), not the field's own. The field's schema knows the words the client
 * should show ("Email is required"), so ask it what it says about an absent value.
 */
function messageOf(schema: SchemaLike, issue: Issue): string {
  const last = issue.path?.at(-1);
  if (issue.type !== 'object' || last?.origin !== 'key' || issue.input !== undefined) return issue.message;
  const entry = entryAt(schema, issue.path!.map((item) => item.key));
  const own = entry ? v.safeParse(entry, undefined) : undefined;
  if (own && !own.success && own.issues[0]) return own.issues[0].message;
  return `${String(last.key)} is required`;
}

export const OBJECT_EXPECTED_TEXT = 'Send a JSON object';

/**
 * Parses one part of a request with its contract schema; the first issue is the message the client
 * shows. Rules that hold for every part before its schema runs: no nesting past the bound and no
 * control characters in any text (PostgreSQL refuses NUL with an error), and an object is an object
 * (valibot takes an array for one).
 */
export function parsePart(schema: AnySchema | undefined, input: unknown): unknown {
  if (schema === undefined) return undefined;
  if (Array.isArray(input) && schema.type === 'object') throw badRequest(OBJECT_EXPECTED_TEXT);
  const refusal = inputRefusal(input);
  if (refusal !== null) throw badRequest(refusal);
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const messages = result.issues.map((issue) => messageOf(schema as SchemaLike, issue));
  throw badRequest(messages[0] ?? 'Invalid request', messages);
}
