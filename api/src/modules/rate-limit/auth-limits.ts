import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { ApiError } from '../../http/api-error';
import { servicePlugin } from '../../plugins/service-plugin';

/** Counters keyed by account and by IP; `rateLimitKey` rides on a stand-in request so one limiter serves any key. */
type Check = ReturnType<FastifyInstance['createRateLimit']>;
interface KeyedRequest {
  routeOptions: { config: Record<string, unknown> };
  rateLimitKey: string;
}

export const tooManyAttempts = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new ApiError(429, 'TooManyRequests', `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
};

export interface AuthLimits {
  /** Refuses (429) when any key has used up its failures; counts nothing. */
  assertFailuresLeft(keys: LimitKeys): Promise<void>;
  /** Counts one failure against every key. */
  recordFailure(keys: LimitKeys): Promise<void>;
  /** Counts one email-sending request and refuses (429) past the limit. */
  consumeEmail(keys: LimitKeys): Promise<void>;
}

/** `account` is the email (or user id) the request is about, null when only the IP counts; `ip` the caller's address. */
export interface LimitKeys {
  scope: string;
  account: string | null;
  ip: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    authLimits: AuthLimits;
  }
}

const standIn = (key: string) => ({ routeOptions: { config: {} }, rateLimitKey: key } satisfies KeyedRequest) as unknown as FastifyRequest;

/**
 * Limits for the sign-in endpoints, on @fastify/rate-limit's stores: in process by default,
 * shared through Redis when REDIS_URL is set (otherwise each API instance counts alone).
 */
export const authLimitsPlugin = servicePlugin('auth-limits', async (app) => {
  const redis = app.config.redisUrl ? new Redis(app.config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: 'auth-limit:' } : {}) });

  const limits = app.config.authRateLimits;
  const timeWindow = limits.windowSeconds * 1000;
  const make = (max: number): Check =>
    app.createRateLimit({ max, timeWindow, keyGenerator: (req) => (req as unknown as KeyedRequest).rateLimitKey });
  const failuresPerAccount = make(limits.failuresPerAccount);
  const failuresPerIp = make(limits.failuresPerIp);
  const emailsPerAddress = make(limits.emailsPerAddress);
  const emailsPerIp = make(limits.emailsPerIp);

  const pairs = (keys: LimitKeys, perAccount: Check, perIp: Check): [Check, string][] => [
    ...(keys.account === null ? [] : [[perAccount, `${keys.scope}:account:${keys.account}`] as [Check, string]]),
    [perIp, `${keys.scope}:ip:${keys.ip}`],
  ];

  app.decorate('authLimits', {
    async assertFailuresLeft(keys) {
      for (const [check, key] of pairs(keys, failuresPerAccount, failuresPerIp)) {
        const state = await check(standIn(key), { increment: false });
        if (!state.isAllowed && state.remaining <= 0) throw tooManyAttempts(state.ttlInSeconds);
      }
    },
    async recordFailure(keys) {
      for (const [check, key] of pairs(keys, failuresPerAccount, failuresPerIp)) await check(standIn(key));
    },
    async consumeEmail(keys) {
      for (const [check, key] of pairs(keys, emailsPerAddress, emailsPerIp)) {
        const state = await check(standIn(key));
        if (!state.isAllowed && state.isExceeded) throw tooManyAttempts(state.ttlInSeconds);
      }
    },
  } satisfies AuthLimits);
});
