import { Redis } from 'ioredis';
import type { Db } from '../../src/db/client';
import { startServer } from './server';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why a Redis case cannot run here (skipped locally, a failure under CI=true), or undefined. */
export async function redisSkipReason(): Promise<string | undefined> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return undefined;
  } catch (err) {
    const reason = `Redis unreachable at ${TEST_REDIS_URL} (${(err as Error).message}); set TEST_REDIS_URL to run this`;
    if (process.env.CI === 'true') throw new Error(reason);
    return reason;
  } finally {
    probe.disconnect();
  }
}

/** Two API instances on the same database, joined through Redis (as behind a load balancer). */
export const startTwoInstances = (db: Db) =>
  Promise.all([startServer(db, { redisUrl: TEST_REDIS_URL }), startServer(db, { redisUrl: TEST_REDIS_URL })]);
