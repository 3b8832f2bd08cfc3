import type { AnySchema } from 'shared-contracts';
import { badRequest, type ApiError } from './api-error';
import { parseInput, refusedWhole, type InputIssue } from './parse-input';

export { OBJECT_EXPECTED_TEXT } from './parse-input';

/**
 * The 400 for input parseInput refused: a house check's refusal alone, or the schema's issues
 * with the first as the message the client shows.
 */
export function inputError(issues: readonly InputIssue[]): ApiError {
  const messages = issues.map((issue) => issue.message);
  if (refusedWhole(issues)) return badRequest(messages[0]!);
  return badRequest(messages[0] ?? 'Invalid request', messages);
}

/**
 * Parses one part of a request with its contract schema (parseInput: the house checks, then the
 * schema); a missing field is reported in the field's own words.
 */
export function parsePart(schema: AnySchema | undefined, input: unknown): unknown {
  if (schema === undefined) return undefined;
  const parsed = parseInput(schema, input, { fieldWordsForMissing: true });
  if (!parsed.ok) throw inputError(parsed.issues);
  return parsed.output;
}
