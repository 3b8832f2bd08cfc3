import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { ApiError } from '../../http/api-error';
import { servicePlugin } from '../../plugins/service-plugin';
import { FAIL_FAST_REDIS, reportOncePerOutage } from '../../plugins/redis-channel';
import { databaseCounters, redisOrDatabaseCounters, type AttemptCounters, type CounterLimit } from './attempt-counters';

export const tooManyAttempts = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new ApiError(429, 'TooManyRequests', `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
};

export interface AuthLimits {
  /**
   * Counts an attempt against every key before anything is checked, and refuses (429) once any
   * key is past its limit. The attempt stays counted as a failure unless it is given back.
   */
  takeAttempt(keys: LimitKeys): Promise<void>;
  /** The attempt succeeded: it does not count against the limit. */
  giveBack(keys: LimitKeys): Promise<void>;
  /**
   * One limited attempt: counted, then `check` runs. Only the caller's own failure (an ApiError
   * `check` throws) stays counted; any other error (the database out of reach) is nobody's failed
   * attempt and is given back, so an outage does not lock anyone out once it is over.
   */
  attempt<T>(keys: LimitKeys, check: () => Promise<T>): Promise<T>;
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
    /** The counters every instance shares (Redis or the database), for other limits to count on. */
    attemptCounters: AttemptCounters;
  }
}

/**
 * Limits for the sign-in endpoints. The counters live where every API instance sees them: in
 * Redis when REDIS_URL is set (the database while Redis does not answer), in the database otherwise.
 */
export const authLimitsPlugin = servicePlugin('auth-limits', async (app: FastifyInstance) => {
  let counters: AttemptCounters;
  if (app.config.redisUrl) {
    const redis = new Redis(app.config.redisUrl, FAIL_FAST_REDIS);
    reportOncePerOutage(redis, (err) => app.log.warn({ err }, 'sign-in counters: Redis does not answer; counting in the database'));
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
    counters = redisOrDatabaseCounters(redis, app.db);
  } else {
    counters = databaseCounters(app.db);
  }

  app.decorate('attemptCounters', counters);

  const limits = app.config.authRateLimits;
  const prefix = limits.keyPrefix ?? 'auth-limit';
  // The account's counter first, then the address's: the order every attempt takes them in.
  const keyed = (keys: LimitKeys, perAccount: number, perIp: number): CounterLimit[] => [
    ...(keys.account === null ? [] : [{ key: `${prefix}:${keys.scope}:account:${keys.account}`, limit: perAccount }]),
    { key: `${prefix}:${keys.scope}:ip:${keys.ip}`, limit: perIp },
  ];
  const count = async (limited: CounterLimit[]) => {
    // A refused attempt was never tried: it leaves every counter as it found it.
    const refusedFor = await counters.take(limited, limits.windowSeconds);
    if (refusedFor !== null) throw tooManyAttempts(refusedFor);
  };

  const base = {
    takeAttempt: (keys) => count(keyed(keys, limits.failuresPerAccount, limits.failuresPerIp)),
    async giveBack(keys) {
      await Promise.all(keyed(keys, 0, 0).map(({ key }) => counters.giveBack(key)));
    },
    consumeEmail: (keys) => count(keyed(keys, limits.emailsPerAddress, limits.emailsPerIp)),
  } satisfies Omit<AuthLimits, 'attempt'>;
  app.decorate('authLimits', {
    ...base,
    async attempt(keys, check) {
      await base.takeAttempt(keys);
      let result;
      try {
        result = await check();
      } catch (err) {
        if (!(err instanceof ApiError)) await base.giveBack(keys).catch(() => undefined);
        throw err;
      }
      await base.giveBack(keys);
      return result;
    },
  } satisfies AuthLimits);
});
