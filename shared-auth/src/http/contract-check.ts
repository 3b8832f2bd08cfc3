import * as v from 'valibot';
import { PARSING_ERROR, answerOutOfDateText, contractFingerprint, routePattern } from 'shared-contracts';
import type { ApiErrorBody, EndpointDef } from 'shared-contracts';
import { ApiError } from './api-error';

const reported = new Set<string>();

/** The field of a valibot issue as a dotted path (`owner.email`); list positions are left out. */
function fieldOf(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => item.key).filter((key) => typeof key === 'string');
  return keys.length === 0 ? (issue.expected ?? 'data') : keys.join('.');
}

/**
 * When the server says it runs another contract for this endpoint, the answer is checked against
 * the response schema this screen was built with: a renamed or retyped field is an "out of date"
 * error naming the field, not an empty column or a wrong value. A matching fingerprint (or a
 * server that sends none) skips the check.
 */
export function checkAnswer(endpoint: EndpointDef, serverFingerprint: string | null, data: unknown, status: number): void {
  if (serverFingerprint === null) return;
  const own = contractFingerprint(endpoint);
  if (serverFingerprint === own) return;
  const label = `${endpoint.method} ${routePattern(endpoint)}`;
  if (!reported.has(label)) {
    reported.add(label);
    console.warn(`Contract skew on ${label}: this screen was built with contract ${own}, the server runs ${serverFingerprint}`);
  }
  const result = v.safeParse(endpoint.response, data);
  if (result.success) return;
  // An answer that cannot be read as this screen expects: a parsing failure, in words that say why.
  const body: ApiErrorBody = { type: 'ContractMismatch', message: answerOutOfDateText(fieldOf(result.issues[0]!)) };
  throw new ApiError(PARSING_ERROR, body, body.message, status);
}
