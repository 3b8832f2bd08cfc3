import { servicePlugin } from '../../plugins/service-plugin';
import { sweepExpiredIdempotentRequests } from './idempotent-requests';

/** Expired keys are already ignored when claimed; the sweep only keeps the table small. */
const SWEEP_INTERVAL_MS = 60 * 60_000;

/** Every instance deletes expired Idempotency-Key rows once an hour (deleting twice is harmless). */
export const idempotencySweepPlugin = servicePlugin('idempotency-sweep', async (app) => {
  const sweep = () => {
    if (app.stopping.active) return;
    sweepExpiredIdempotentRequests(app.db).catch((err: unknown) => app.log.warn({ err }, 'sweep of expired Idempotency-Keys failed; it runs again later'));
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => clearInterval(timer));
});
