import { and, desc, eq, type SQL } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT, contract, type WebhookDelivery } from 'shared-contracts';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { queueEvent, testEventId } from './account-events';

/** The page shows this many of the latest deliveries. */
export const DELIVERY_LOG_LENGTH = 50;

async function deliveriesWhere(db: Db, where: SQL | undefined, limit: number): Promise<WebhookDelivery[]> {
  const rows = await db.select({
    id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId, endpointUrl: webhookEndpoints.url, eventId: webhookDeliveries.eventId,
    eventType: webhookEvents.type, status: webhookDeliveries.status, attempts: webhookDeliveries.attempts, lastStatusCode: webhookDeliveries.lastStatusCode,
    lastResponse: webhookDeliveries.lastResponse, lastAttemptAt: webhookDeliveries.lastAttemptAt, createdAt: webhookDeliveries.createdAt,
  }).from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString() }));
}

export const listWebhookDeliveries = implement(contract.webhook.deliveries, async ({ query, user, db }) => deliveriesWhere(db, and(
  eq(webhookDeliveries.accountId, user.accountId),
  query.endpointId === undefined ? undefined : eq(webhookDeliveries.endpointId, query.endpointId),
), DELIVERY_LOG_LENGTH));

export const sendWebhookTest = implement(contract.webhook.sendTest, async ({ params, user, db, app }) => {
  const [endpoint] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, params.id), eq(webhookEndpoints.accountId, user.accountId)));
  if (!endpoint) throw notFound();
  const [deliveryId] = await queueEvent(app, user.accountId, WEBHOOK_TEST_EVENT, testEventId(), {
    message: 'A test event from your voice agents. Deliveries of real events look like this one.',
  }, [endpoint.id]);
  const [delivery] = await deliveriesWhere(db, eq(webhookDeliveries.id, deliveryId!), 1);
  if (!delivery) throw notFound();
  return delivery;
});
