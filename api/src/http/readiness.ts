import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { API_VERSION } from 'shared-contracts';

/** A dependency that does not answer within this is reported down, so a probe never hangs. */
const CHECK_TIMEOUT_MS = 2_000;

const withinTimeout = <T>(work: Promise<T>): Promise<T> =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS).unref())]);

export const READINESS_PATH = `/${API_VERSION}/ready`;

/**
 * Readiness, apart from liveness (/health): whether this instance should receive traffic now.
 * It answers 503 with the reasons while the database or (when configured) Redis does not answer,
 * and while the instance is stopping, so a load balancer or orchestrator routes around it without
 * restarting a process that is merely waiting for a dependency.
 */
export async function readinessRoute(app: FastifyInstance): Promise<void> {
  // Its own connection that never queues commands: a Redis outage must fail the check, not wait.
  const redis = app.config.redisUrl === undefined
    ? undefined
    : new Redis(app.config.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  redis?.on('error', () => undefined);
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });

  app.get(READINESS_PATH, async (_request, reply) => {
    const checks: Array<[string, () => Promise<unknown>]> = [
      ['database', () => app.db.execute(sql`select 1`)],
    ];
    if (redis !== undefined) {
      checks.push(['redis', async () => {
        if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
        return redis.ping();
      }]);
    }
    const results = await Promise.all(checks.map(async ([name, check]) => {
      try {
        await withinTimeout(check());
        return undefined;
      } catch (err) {
        return `${name}: ${err instanceof Error ? err.message : String(err)}`;
      }
    }));
    const problems = results.filter((r): r is string => r !== undefined);
    if (app.stopping.active) problems.push('stopping');
    if (problems.length > 0) return reply.code(503).send({ data: { status: 'unavailable', problems } });
    return { data: { status: 'ready' } };
  });
}
