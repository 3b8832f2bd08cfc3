import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import * as v from 'valibot';
import { rawSql } from '../../db/raw-sql';
import { servicePlugin } from '../../plugins/service-plugin';

/** The queue's own tables live in this schema, beside ours (pg-boss creates and migrates it). */
export const JOB_SCHEMA = 'jobs';
/** How often an idle worker looks for jobs that another instance queued; our own wake it at once. */
const POLLING_INTERVAL_SECONDS = 2;
/** Jobs a worker takes at once; they run side by side. */
const BATCH_SIZE = 10;
/**
 * How often the queue's housekeeping may run (one instance at a time): it fails the tries past
 * their expiry, which are then retried. A run is skipped unless a full interval has passed since
 * the last, so a try is failed within two intervals of its expiry: with pg-boss's default (120 s)
 * a try whose instance died would stay `active` for minutes; at 10 s it is retried within about
 * half a minute of its expiry.
 */
const MAINTENANCE_INTERVAL_SECONDS = 10;

export interface JobDefinition<S extends v.GenericSchema> {
  name: string;
  /** Checked when a job is sent, and again when it is worked: data that does not match is dropped with a log line. */
  data: S;
  /** Tries after the first, with exponential backoff from `retryDelaySeconds`. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A try that runs longer than this is failed (and retried). */
  expireInSeconds: number;
  /**
   * `short`: at most one job waiting per singletonKey (sending another while one waits does
   * nothing), however many run; for a job that re-queues itself. Unset: pg-boss's standard queue.
   */
  policy?: 'short';
  handle(app: FastifyInstance, data: v.InferOutput<S>): Promise<void>;
}

export interface JobQueue {
  /** Queues a job; it survives a restart and runs once on whichever instance takes it first. */
  send<S extends v.GenericSchema>(job: JobDefinition<S>, data: v.InferInput<S>, options?: SendOptions): Promise<void>;
}

export interface SendOptions {
  singletonKey?: string;
  /** Seconds to wait before the job may run. */
  startAfter?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/** PostgreSQL's SQLSTATE for a transaction it refused to end a deadlock. */
const DEADLOCK_DETECTED = '40P01';

/**
 * Creates a queue (nothing happens when it exists). Instances that start together on a new
 * database create the same queues at once, and PostgreSQL may settle that by refusing one of
 * them as a deadlock: that one tries again, a moment later.
 */
async function createQueue(boss: PgBoss, queue: Parameters<PgBoss['createQueue']>[1] & { name: string }): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await boss.createQueue(queue.name, queue);
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK_DETECTED || attempt === 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, attempt * 50 + Math.random() * 50));
    }
  }
}

/**
 * Durable work (a call's wrap-up, and what else must not be lost to a restart) on pg-boss, in the
 * same database as everything else: the embedded one by default, PostgreSQL when configured.
 * Every API instance works every queue; a job is taken by one of them (SKIP LOCKED).
 */
export const jobQueuePlugin = (definitions: ReadonlyArray<JobDefinition<v.GenericSchema>>) =>
  servicePlugin('job-queue', async (app: FastifyInstance) => {
    const executeSql = rawSql(app.db);
    const boss = new PgBoss({
      db: { executeSql: (text, values) => executeSql(text, values) },
      schema: JOB_SCHEMA,
      // No cron here, and one instance at a time runs the queue's housekeeping.
      schedule: false,
      maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
    });
    boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
    await boss.start();

    const workers = new Map<string, string>();
    for (const job of definitions) {
      await createQueue(boss, {
        name: job.name, retryLimit: job.retryLimit, retryDelay: job.retryDelaySeconds, retryBackoff: true, expireInSeconds: job.expireInSeconds,
        ...(job.policy !== undefined ? { policy: job.policy } : {}),
      });
      // Up to BATCH_SIZE jobs at a time, each finished or failed on its own. A full batch means more
      // may be waiting: the worker is woken at once instead of waiting out the polling interval.
      const workerId: string = await boss.work(job.name, { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, batchSize: BATCH_SIZE, includeMetadata: true }, async (batch) => {
        await Promise.all(batch.map(async (next) => {
          const data = v.safeParse(job.data, next.data);
          if (!data.success) {
            app.log.error({ job: job.name, id: next.id, issues: v.flatten(data.issues) }, 'job data refused; the job is dropped');
            return;
          }
          try {
            await job.handle(app, data.output);
          } catch (err) {
            app.log.error({ err, job: job.name, id: next.id, retryCount: next.retryCount }, 'job failed; it is retried until its retry limit');
            await boss.fail(job.name, next.id, { message: err instanceof Error ? err.message : String(err) });
          }
        }));
        if (batch.length === BATCH_SIZE) boss.notifyWorker(workerId);
      });
      workers.set(job.name, workerId);
    }

    app.decorate('jobs', {
      async send(job, data, options = {}) {
        await boss.send(job.name, v.parse(job.data, data) as object, options);
        const workerId = workers.get(job.name);
        if (workerId !== undefined && !options.startAfter) boss.notifyWorker(workerId);
      },
    } satisfies JobQueue);

    // Jobs in flight finish (or are retried by another instance) before the database closes.
    app.addHook('onClose', async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
    });
  });
