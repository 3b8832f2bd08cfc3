import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { Id, WEBHOOK_EVENT_ID_HEADER, WEBHOOK_EVENT_TYPE_HEADER, WEBHOOK_SIGNATURE_HEADER } from 'shared-contracts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import type { JobDefinition } from '../jobs';
import { addressPolicyFor } from './address-policy';
import { openEndpointSecret } from './endpoint-secret';
import { postWebhook, type PostResult } from './post-webhook';
import { signatureHeader } from './signature';

const DeliveryData = v.object({ deliveryId: Id });

export const UNREADABLE_SECRET_TEXT = 'The endpoint\'s signing secret could not be read; remove the endpoint and register it again';

/** A secret sealed under another key (a changed CREDENTIALS_KEY, a copied row) cannot sign: nothing is sent unsigned. */
function readSecret(app: FastifyInstance, endpointId: string, sealed: string): string | null {
  try {
    return openEndpointSecret(app.config.credentialsKey, endpointId, sealed);
  } catch {
    return null;
  }
}

/**
 * Sends one event to one endpoint and logs the attempt on its delivery row. A failed attempt (no
 * answer, or anything but 2xx) fails the job, which the queue retries with exponential backoff:
 * ten retries from one minute, about a day in all. A delivery already made is not sent again when
 * the job is taken twice; the event id header lets a receiver drop the rare second copy of a try
 * that expired while its POST was still out.
 */
export const webhookDeliveryJob: JobDefinition<typeof DeliveryData> = {
  name: 'webhook-delivery',
  data: DeliveryData,
  retryLimit: 10,
  retryDelaySeconds: 60,
  // Well past the delivery's own time limit.
  expireInSeconds: 60,
  async handle(app: FastifyInstance, { deliveryId }) {
    const ok = await deliverWebhook(app, deliveryId);
    if (!ok) throw new Error('the endpoint did not take the delivery');
  },
};

/** One attempt of a delivery; answers whether the endpoint took it (or there is nothing left to send). */
export async function deliverWebhook(app: FastifyInstance, deliveryId: string): Promise<boolean> {
  const [row] = await app.db.select({
    status: webhookDeliveries.status, endpointId: webhookEndpoints.id, url: webhookEndpoints.url, secretSealed: webhookEndpoints.secretSealed,
    eventId: webhookEvents.id, type: webhookEvents.type, payload: webhookEvents.payload,
  }).from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  // The endpoint was removed (its deliveries with it), or the event is already there.
  if (!row || row.status === 'delivered') return true;

  const body = JSON.stringify(row.payload);
  const secret = readSecret(app, row.endpointId, row.secretSealed);
  const result: PostResult = secret === null
    ? { statusCode: null, response: UNREADABLE_SECRET_TEXT }
    : await postWebhook(row.url, body, {
      'content-type': 'application/json',
      'user-agent': 'VoiceAgents-Webhooks/1',
      [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
      [WEBHOOK_EVENT_ID_HEADER]: row.eventId,
      [WEBHOOK_EVENT_TYPE_HEADER]: row.type,
    }, addressPolicyFor(app.config.nodeEnv));
  const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  await app.db.update(webhookDeliveries).set({
    status: delivered ? 'delivered' : 'failed',
    attempts: sql`${webhookDeliveries.attempts} + 1`,
    lastStatusCode: result.statusCode,
    lastResponse: result.response,
    lastAttemptAt: new Date(),
  }).where(eq(webhookDeliveries.id, deliveryId));
  if (!delivered) app.log.warn({ deliveryId, statusCode: result.statusCode }, 'webhook delivery failed; it is retried');
  return delivered;
}
