import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { retryingFetch } from './retrying-fetch';
import { IDEMPOTENT_PATHS, type paths } from './schema';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export interface ApiClientOptions {
  /** The API's origin, e.g. `https://api.example.com` (paths carry the version). */
  baseUrl: string;
  /** An API key from the API integration page: `ak_live_…`. */
  apiKey: string;
  /** Tries in all for an answer of 429 or 503, the first included (default 3; 1 never retries). */
  maxAttempts?: number;
  /** The longest `Retry-After` to wait for before handing the answer back (default 60 seconds). */
  maxWaitSeconds?: number;
  /** Creates idempotency keys; default `crypto.randomUUID()`. */
  newIdempotencyKey?: () => string;
  fetch?: (request: Request) => Promise<Response>;
}

export type ApiClient = Client<paths>;

/**
 * Every create the API makes safe to retry gets an Idempotency-Key: the caller's, given as
 * `params.header['Idempotency-Key']`, or a new one. Retries of that request reuse it.
 */
const idempotencyKeys = (newKey: () => string): Middleware => ({
  onRequest({ request, schemaPath }) {
    if (request.method !== 'POST' || !IDEMPOTENT_PATHS.includes(schemaPath) || request.headers.has(IDEMPOTENCY_KEY_HEADER)) return undefined;
    request.headers.set(IDEMPOTENCY_KEY_HEADER, newKey());
    return request;
  },
});

/** A typed client of the public API, authenticated with an API key. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${options.apiKey}` },
    fetch: retryingFetch({
      maxAttempts: options.maxAttempts ?? 3,
      maxWaitSeconds: options.maxWaitSeconds ?? 60,
      fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
    }),
  });
  client.use(idempotencyKeys(options.newIdempotencyKey ?? (() => crypto.randomUUID())));
  return client;
}
