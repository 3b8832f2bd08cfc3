import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query-rows';

/**
 * Counters over a fixed window that starts at a key's first hit. `hit` counts and reads in one
 * atomic step, so requests sent at once each see their own count: none can pass a limit that
 * another has already reached.
 */
export interface AttemptCounters {
  /** Counts one hit; the count so far in the key's window and the seconds until it resets. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetsInSeconds: number }>;
  /** Takes one hit back (an attempt that succeeded), while the window lasts. */
  giveBack(key: string): Promise<void>;
}

// INCR then PEXPIRE on the first hit, in one script so no key is left without an expiry.
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { n, redis.call('PTTL', KEYS[1]) }`;
const GIVE_BACK = `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0`;

export const redisCounters = (redis: Redis): AttemptCounters => ({
  async hit(key, windowSeconds) {
    const [count, ttlMs] = await redis.eval(HIT, 1, key, String(windowSeconds * 1000)) as [number, number];
    return { count, resetsInSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
  },
  async giveBack(key) {
    await redis.eval(GIVE_BACK, 1, key);
  },
});

/** The same counters in the database: one upsert per hit, which PostgreSQL applies row by row. */
export const databaseCounters = (db: Db): AttemptCounters => ({
  async hit(key, windowSeconds) {
    const [row] = await queryRows<{ count: number; resets_in: number }>(db, sql`
      insert into auth_attempts (key, count, resets_at) values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
      on conflict (key) do update set
        count = case when auth_attempts.resets_at <= now() then 1 else auth_attempts.count + 1 end,
        resets_at = case when auth_attempts.resets_at <= now() then excluded.resets_at else auth_attempts.resets_at end
      returning count, ceil(extract(epoch from resets_at - now()))::int as resets_in`);
    return { count: Number(row!.count), resetsInSeconds: Math.max(1, Number(row!.resets_in)) };
  },
  async giveBack(key) {
    await db.execute(sql`update auth_attempts set count = greatest(count - 1, 0) where key = ${key} and resets_at > now()`);
  },
});
