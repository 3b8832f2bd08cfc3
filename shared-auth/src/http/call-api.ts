import { API_VERSION, CONTRACT_HEADER, FETCH_ERROR, TIMEOUT_ERROR, buildPath } from 'shared-contracts';
import type { EndpointDef, RequestOf, ResponseOf } from 'shared-contracts';
import { getRuntimeConfig } from '../runtime-config';
import { ApiError, FETCH_LAYER_TEXT } from './api-error';
import { checkAnswer } from './contract-check';
import { readAnswer } from './read-answer';
import { requestHeaders } from './request-headers';

export const REQUEST_TIMEOUT_MS = 30_000;

export interface CallOptions {
  /** Cancels the call; a cancelled call rejects with the AbortError itself. */
  signal?: AbortSignal;
}

/** The request may be left out when the endpoint declares no params and no body. */
export type CallArgs<E extends EndpointDef> = object extends RequestOf<E>
  ? [request?: RequestOf<E>, options?: CallOptions]
  : [request: RequestOf<E>, options?: CallOptions];

interface LooseRequest {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The absolute URL of a call: `<apiBase>/v1/<path>?<query>`. */
export function apiUrl(endpoint: EndpointDef, request: LooseRequest = {}): string {
  const { apiBase } = getRuntimeConfig();
  return `${apiBase}/${API_VERSION}/${buildPath(endpoint, request.params)}${queryString(request.query)}`;
}

function requestInit(endpoint: EndpointDef, request: LooseRequest, signal: AbortSignal): RequestInit {
  const headers = requestHeaders(endpoint);
  let body: BodyInit | undefined;
  // The browser sets the multipart boundary itself, so FormData goes out untouched.
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['Content-Type'] = 'application/json';
  }
  return { method: endpoint.method, headers, body, signal };
}

/** Sends the request and reads the body text, both under one 30 s timeout. */
async function send(url: string, init: RequestInit, controller: AbortController, outer?: AbortSignal) {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  outer?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetch(url, init);
    return { response, text: await response.text() };
  } catch (error) {
    if (timedOut) throw new ApiError(TIMEOUT_ERROR, undefined, FETCH_LAYER_TEXT[TIMEOUT_ERROR]);
    if (outer?.aborted) throw error;
    throw new ApiError(FETCH_ERROR, undefined, FETCH_LAYER_TEXT[FETCH_ERROR]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * Calls one endpoint of the contract table and resolves with its `{ data }` (or
 * `{ data, total }`) body. Rejects with an ApiError; an Unauthorized body also ends the session.
 */
export async function callApi<E extends EndpointDef>(endpoint: E, ...[request, options]: CallArgs<E>): Promise<ResponseOf<E>> {
  const loose = (request ?? {}) as LooseRequest;
  const controller = new AbortController();
  const url = apiUrl(endpoint, loose);
  const { response, text } = await send(url, requestInit(endpoint, loose, controller.signal), controller, options?.signal);
  const answer = readAnswer<E>(response.status, text);
  checkAnswer(endpoint, response.headers.get(CONTRACT_HEADER), answer.data, response.status);
  return answer;
}
