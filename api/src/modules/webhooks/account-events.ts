import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { WebhookDeliveredType, WebhookEvent, WebhookEventDataMap, WebhookEventType } from 'shared-contracts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { webhookDeliveryJob } from './delivery-job';

/** What raises an account's events: the call, SMS and booking code paths hold one of these. */
export interface AccountEvents {
  /**
   * Raises an event once per `subject` (the call, message or appointment it is about): raising it
   * again (a retried job) makes no second event and no second delivery. Never throws: what
   * happened stands whatever the webhooks do.
   */
  emit<T extends WebhookEventType>(accountId: string, type: T, subject: string, data: WebhookEventDataMap[T]): Promise<void>;
}

/** The same event id each time one thing happens, so receivers and our log see it once. */
export const eventIdOf = (type: WebhookDeliveredType, subject: string) =>
  `evt_${createHash('sha256').update(`${type}:${subject}`).digest('hex').slice(0, 32)}`;

/** Stores the event, one delivery row per endpoint, and queues each new delivery; answers the rows created. */
export async function queueEvent<T extends WebhookDeliveredType>(
  app: FastifyInstance, accountId: string, type: T, eventId: string, data: WebhookEventDataMap[T], endpointIds: readonly string[],
): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const event: WebhookEvent<T> = { id: eventId, type, createdAt: new Date().toISOString(), accountId, data };
  await app.db.insert(webhookEvents).values({ id: eventId, accountId, type, payload: event }).onConflictDoNothing();
  const created = await app.db.insert(webhookDeliveries)
    .values(endpointIds.map((endpointId) => ({ accountId, endpointId, eventId })))
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  for (const delivery of created) await app.jobs.send(webhookDeliveryJob, { deliveryId: delivery.id });
  return created.map((d) => d.id);
}

export const accountEvents = (app: FastifyInstance): AccountEvents => ({
  async emit(accountId, type, subject, data) {
    try {
      const endpoints = await app.db.select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
        .from(webhookEndpoints).where(eq(webhookEndpoints.accountId, accountId));
      const subscribed = endpoints.filter((e) => e.events.includes(type)).map((e) => e.id);
      await queueEvent(app, accountId, type, eventIdOf(type, subject), data, subscribed);
    } catch (err) {
      app.log.error({ err, accountId, type, subject }, 'webhook event could not be queued');
    }
  },
});

/** A fresh id for a test event: each press of the button is its own event. */
export const testEventId = () => `evt_test_${randomUUID().replace(/-/g, '')}`;
