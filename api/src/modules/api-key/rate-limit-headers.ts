import type { FastifyReply } from 'fastify';
import { RATE_LIMIT_HEADER, RATE_LIMIT_POLICY_HEADER, RETRY_AFTER_HEADER } from 'shared-contracts';
import type { ApiKeyRateLimit } from '../../config';
import type { CounterState } from '../rate-limit';

/** The one quota every key has, named as the ratelimit-headers draft's policies are. */
export const RATE_LIMIT_POLICY_NAME = 'default';

/**
 * The key's quota and what is left of it, as the IETF httpapi ratelimit-headers draft spells them
 * (structured fields): `RateLimit-Policy: "default";q=600;w=60` and `RateLimit: "default";r=599;t=42`.
 * A refused request also gets `Retry-After`, the seconds until the window resets.
 */
export function sendRateLimitHeaders(reply: FastifyReply, { requests, windowSeconds }: ApiKeyRateLimit, state: CounterState): void {
  reply.header(RATE_LIMIT_POLICY_HEADER, `"${RATE_LIMIT_POLICY_NAME}";q=${requests};w=${windowSeconds}`);
  reply.header(RATE_LIMIT_HEADER, `"${RATE_LIMIT_POLICY_NAME}";r=${state.remaining};t=${state.resetSeconds}`);
  if (state.refused) reply.header(RETRY_AFTER_HEADER, String(state.resetSeconds));
}
