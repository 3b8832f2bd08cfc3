import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client';

/** One counter an attempt counts against, and the most it may reach in its window. */
export interface CounterLimit {
  key: string;
  limit: number;
}

/**
 * Counters over a fixed window that starts at a key's first hit. `take` counts one attempt
 * against all its keys in one atomic step: either every key is under its limit and all are
 * counted, or none is. Attempts sent at once each see the others' counts, and a refused attempt
 * never shows up in a count another attempt reads.
 */
export interface AttemptCounters {
  /** Counts the attempt; null when it may go on, else the seconds until the fullest key resets. */
  take(counters: CounterLimit[], windowSeconds: number): Promise<number | null>;
  /** Takes one hit back (an attempt that succeeded), while the window lasts. */
  giveBack(key: string): Promise<void>;
  /** Counts one request against a single key (refused past its limit) and says what is left of its window. */
  takeOne(counter: CounterLimit, windowSeconds: number): Promise<CounterState>;
}

/** A counter after one request: whether it was refused, what is left, and when the window resets. */
export interface CounterState {
  refused: boolean;
  remaining: number;
  resetSeconds: number;
}

const stateOf = (count: number, limit: number, resetMs: number): CounterState => ({
  refused: count > limit,
  remaining: Math.max(0, limit - count),
  resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
});

// INCR (with PEXPIRE on a key's first hit) every key; if any is past its limit, DECR them all.
// One script, so no other attempt runs in between and no key is left without an expiry.
const TAKE = `local window, refusedMs = ARGV[1], 0
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  if n == 1 then redis.call('PEXPIRE', key, window) end
  if n > tonumber(ARGV[i + 1]) then refusedMs = math.max(refusedMs, redis.call('PTTL', key), 1) end
end
if refusedMs > 0 then for _, key in ipairs(KEYS) do redis.call('DECR', key) end end
return refusedMs`;
// TAKE for one key, answering its count (a refused request's own hit taken back) and time left.
const TAKE_ONE = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if n > tonumber(ARGV[2]) then redis.call('DECR', KEYS[1]) end
return {n, ttl}`;
const GIVE_BACK = `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0`;

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export const redisCounters = (redis: Redis): AttemptCounters => ({
  async take(counters, windowSeconds) {
    const refusedMs = await redis.eval(TAKE, counters.length, ...counters.map((c) => c.key),
      String(windowSeconds * 1000), ...counters.map((c) => String(c.limit))) as number;
    return refusedMs > 0 ? secondsOf(refusedMs) : null;
  },
  async giveBack(key) {
    await redis.eval(GIVE_BACK, 1, key);
  },
  async takeOne({ key, limit }, windowSeconds) {
    const [count, ttlMs] = await redis.eval(TAKE_ONE, 1, key, String(windowSeconds * 1000), String(limit)) as [number, number];
    return stateOf(count, limit, ttlMs);
  },
});

class Refused extends Error {
  constructor(readonly seconds: number) {
    super('refused');
  }
}

/**
 * The same counters in the database: one transaction per attempt. Each upsert locks its row until
 * the attempt is counted or rolled back, so attempts on one key queue behind each other; keys are
 * always taken in the caller's order (account, then address), so two attempts cannot deadlock.
 * The clock is read when a row is reached (`clock_timestamp()`), not when the transaction began
 * (`now()`), which may be before the wait for the lock.
 */
export const databaseCounters = (db: Db): AttemptCounters => ({
  async take(counters, windowSeconds) {
    try {
      await db.transaction(async (tx) => {
        let refusedSeconds = 0;
        for (const { key, limit } of counters) {
          const result = await tx.execute(sql`
            insert into auth_attempts (key, count, resets_at) values (${key}, 1, clock_timestamp() + make_interval(secs => ${windowSeconds}))
            on conflict (key) do update set
              count = case when auth_attempts.resets_at <= clock_timestamp() then 1 else auth_attempts.count + 1 end,
              resets_at = case when auth_attempts.resets_at <= clock_timestamp() then excluded.resets_at else auth_attempts.resets_at end
            returning count, ceil(extract(epoch from resets_at - clock_timestamp()))::int as resets_in`);
          const row = (result as unknown as { rows: Array<{ count: number; resets_in: number }> }).rows[0]!;
          if (Number(row.count) > limit) refusedSeconds = Math.max(refusedSeconds, Number(row.resets_in), 1);
        }
        // Rolling back leaves every counter as this attempt found it.
        if (refusedSeconds > 0) throw new Refused(refusedSeconds);
      });
      return null;
    } catch (error) {
      if (error instanceof Refused) return error.seconds;
      throw error;
    }
  },
  async giveBack(key) {
    await db.execute(sql`update auth_attempts set count = greatest(count - 1, 0) where key = ${key} and resets_at > now()`);
  },
  async takeOne({ key, limit }, windowSeconds) {
    // Past the limit the count stops at limit + 1 (refused), so refused requests do not push the count on.
    const result = await db.execute(sql`
      insert into auth_attempts (key, count, resets_at) values (${key}, 1, clock_timestamp() + make_interval(secs => ${windowSeconds}))
      on conflict (key) do update set
        count = case when auth_attempts.resets_at <= clock_timestamp() then 1
                     when auth_attempts.count > ${limit} then auth_attempts.count else auth_attempts.count + 1 end,
        resets_at = case when auth_attempts.resets_at <= clock_timestamp() then excluded.resets_at else auth_attempts.resets_at end
      returning count, extract(epoch from resets_at - clock_timestamp()) * 1000 as resets_in_ms`);
    const row = (result as unknown as { rows: Array<{ count: number; resets_in_ms: number }> }).rows[0]!;
    return stateOf(Number(row.count), limit, Number(row.resets_in_ms));
  },
});

/** After Redis failed a command, the database counts alone for this long before Redis is tried again. */
const REDIS_PAUSE_MS = 5_000;

/**
 * Redis while it answers, the database while it does not: sign-in stays open during a Redis
 * outage, still limited. A command Redis never answered may or may not have counted there; the
 * attempt is counted in the database too, so it is never left uncounted. The two stores count
 * apart, so for one window an outage can allow up to twice the limit, never an unlimited run.
 * A Redis that hangs with its connection open costs one command timeout per REDIS_PAUSE_MS.
 */
export const redisOrDatabaseCounters = (redis: Redis, db: Db): AttemptCounters => {
  const primary = redisCounters(redis);
  const fallback = databaseCounters(db);
  let pausedUntil = 0;
  const pick = async <T>(work: (counters: AttemptCounters) => Promise<T>): Promise<T> => {
    if (redis.status !== 'ready' || Date.now() < pausedUntil) return work(fallback);
    try {
      return await work(primary);
    } catch {
      pausedUntil = Date.now() + REDIS_PAUSE_MS;
      return work(fallback);
    }
  };
  return {
    take: (counters, windowSeconds) => pick((c) => c.take(counters, windowSeconds)),
    giveBack: (key) => pick((c) => c.giveBack(key)),
    takeOne: (counter, windowSeconds) => pick((c) => c.takeOne(counter, windowSeconds)),
  };
};
