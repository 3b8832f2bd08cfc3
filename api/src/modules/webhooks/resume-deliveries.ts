import { rawSql } from '../../db/raw-sql';
import { servicePlugin } from '../../plugins/service-plugin';
import { JOB_SCHEMA } from '../jobs';
import { webhookDeliveryJob } from './delivery-job';

/** A delivery this old with no job was left by an instance that stopped between storing it and queuing it. */
const ORPHAN_AFTER_SECONDS = 60;

/** Deliveries never tried whose job is not waiting, running or due for a retry. */
export async function orphanedDeliveries(app: Parameters<typeof rawSql>[0]): Promise<string[]> {
  const { rows } = await rawSql(app)(
    `SELECT d.id FROM webhook_deliveries d
      WHERE d.status = 'pending' AND d.created_at < now() - make_interval(secs => $1)
        AND NOT EXISTS (SELECT 1 FROM ${JOB_SCHEMA}.job j
          WHERE j.name = $2 AND j.data->>'deliveryId' = d.id::text AND j.state IN ('created', 'retry', 'active'))`,
    [ORPHAN_AFTER_SECONDS, webhookDeliveryJob.name],
  );
  return rows.map((r) => String(r.id));
}

/**
 * On start, a delivery that was stored but never queued (its instance stopped in between) gets
 * its job: nothing an account was promised is lost to a crash.
 */
export const resumeWebhookDeliveriesPlugin = servicePlugin('resume-webhook-deliveries', async (app) => {
  app.addHook('onReady', async () => {
    for (const deliveryId of await orphanedDeliveries(app.db)) await app.jobs.send(webhookDeliveryJob, { deliveryId });
  });
});
