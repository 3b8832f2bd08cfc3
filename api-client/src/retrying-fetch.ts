/** Answers worth trying again: the key's rate limit, and an instance that is busy or stopping. */
export const RETRIED_STATUSES: readonly number[] = [429, 503];

export interface RetryOptions {
  /** Tries in all, the first included. */
  maxAttempts: number;
  /** A `Retry-After` longer than this is not waited for: the answer is returned as it is. */
  maxWaitSeconds: number;
  fetch: (request: Request) => Promise<Response>;
  sleep?: (ms: number) => Promise<void>;
}

/** Seconds to wait from a `Retry-After` value (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A fetch that sends a request again on 429 and 503, after the `Retry-After` the answer gives
 * (else 1, 2, 4… seconds), at most `maxAttempts` times. Each try sends the same request, headers
 * included, so a create's Idempotency-Key makes the retry answer the first result.
 */
export function retryingFetch({ maxAttempts, maxWaitSeconds, fetch, sleep = wait }: RetryOptions) {
  return async (request: Request): Promise<Response> => {
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(request.clone());
      if (!RETRIED_STATUSES.includes(response.status) || attempt >= maxAttempts) return response;
      const seconds = retryAfterSeconds(response.headers.get('retry-after')) ?? 2 ** (attempt - 1);
      if (seconds > maxWaitSeconds) return response;
      await response.body?.cancel();
      await sleep(seconds * 1000);
    }
  };
}
