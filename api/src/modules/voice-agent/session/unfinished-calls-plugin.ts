import { sql } from 'drizzle-orm';
import { servicePlugin } from '../../../plugins/service-plugin';
import { finishUnheldCalls, SESSION_SEEN_INTERVAL_MS } from './unfinished-calls';

/**
 * Every instance finishes the AI calls no live session holds: once when it is ready (the calls its
 * predecessor held, after a crash) and every `unfinishedCallSweepMs` after. After a sweep the
 * database did not answer, the instance first waits until it has answered for one session beat:
 * the sessions that could not say they were alive meanwhile have said so again by then, and their
 * calls are not taken for lost.
 */
export const unfinishedCallsPlugin = servicePlugin('unfinished-calls', async (app) => {
  const intervalMs = app.config.unfinishedCallSweepMs;
  if (intervalMs === null) return;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | null = null;
  /** Since when the database has answered this instance; null after a failed sweep. */
  let answeringSince: number | null = Date.now();

  async function sweep(atStart: boolean): Promise<void> {
    try {
      if (answeringSince === null) {
        await app.db.execute(sql`select 1`);
        answeringSince = Date.now();
      }
      if (!atStart && Date.now() - answeringSince < SESSION_SEEN_INTERVAL_MS) return;
      await finishUnheldCalls(app);
    } catch (err) {
      answeringSince = null;
      app.log.warn({ err }, 'sweep of unfinished AI calls failed; it runs again later');
    }
  }
  const tick = () => {
    if (running !== null || app.stopping.active) return;
    running = sweep(false).finally(() => { running = null; });
  };
  const stop = () => clearInterval(timer);

  app.addHook('onReady', async () => {
    // The start sweep runs while the instance becomes ready: the database has just answered its startup.
    await sweep(true);
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.stopping.onStop(stop);
  app.addHook('preClose', async () => {
    stop();
    await running;
  });
});
