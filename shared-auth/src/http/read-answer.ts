import { PARSING_ERROR, UNEXPECTED_ERROR_TEXT, extractErrorText } from 'shared-contracts';
import type { EndpointDef, ResponseOf } from 'shared-contracts';
import { ApiError, FETCH_LAYER_TEXT } from './api-error';
import { endExpiredSession, isUnauthorizedBody } from './session-expiry';

function parseBody(text: string, status: number): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(PARSING_ERROR, text, FETCH_LAYER_TEXT[PARSING_ERROR], status);
  }
}

function failure(status: number, body: unknown): ApiError {
  const text = extractErrorText({ data: body });
  return new ApiError(status, body, text === UNEXPECTED_ERROR_TEXT ? `Request failed with status ${status}` : text);
}

/**
 * The `{ data }` (or `{ data, total }`) body of the server's answer, however it came (fetch or
 * XMLHttpRequest). Throws an ApiError for a failure; an Unauthorized body also ends the session.
 */
export function readAnswer<E extends EndpointDef>(status: number, text: string): ResponseOf<E> {
  const body = parseBody(text, status);
  if (status < 200 || status >= 300) {
    if (isUnauthorizedBody(body)) endExpiredSession();
    throw failure(status, body);
  }
  if (status === 204 || body === undefined) return { data: null } as ResponseOf<E>;
  if (typeof body !== 'object' || body === null || !('data' in body)) {
    throw new ApiError(PARSING_ERROR, body, FETCH_LAYER_TEXT[PARSING_ERROR], status);
  }
  return body as ResponseOf<E>;
}
