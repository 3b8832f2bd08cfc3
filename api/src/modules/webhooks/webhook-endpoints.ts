import { randomUUID } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { MAX_WEBHOOK_ENDPOINTS, contract, type WebhookEndpoint } from 'shared-contracts';
import { lockAccount } from '../../db/account-lock';
import { webhookEndpoints } from '../../db/schema';
import { badRequest, notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { addressPolicyFor, refusalOf } from './address-policy';
import { sealEndpointSecret } from './endpoint-secret';
import { newSigningSecret, secretPrefixOf } from './signature';

export const TOO_MANY_ENDPOINTS_TEXT = `You can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; remove one first`;

export const toWebhookEndpoint = (row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint => ({
  id: row.id, url: row.url, events: row.events, secretPrefix: row.secretPrefix, createdAt: row.createdAt.toISOString(),
});

export const listWebhookEndpoints = implement(contract.webhook.list, async ({ user, db }) => {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, user.accountId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(toWebhookEndpoint);
});

export const createWebhookEndpoint = implement(contract.webhook.create, async ({ body, user, db, app }) => {
  // Checked before anything is stored; deliveries check the address again, as DNS can change.
  const refusal = await refusalOf(body.url, addressPolicyFor(app.config.nodeEnv));
  if (refusal !== null) throw badRequest(refusal);
  const secret = newSigningSecret();
  const id = randomUUID();
  const row = await db.transaction(async (tx) => {
    // Creates at once count one after the other, so together they cannot pass the cap.
    await lockAccount(tx, 'webhookEndpoints', user.accountId);
    const [{ existing } = { existing: 0 }] = await tx.select({ existing: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.accountId, user.accountId));
    if (existing >= MAX_WEBHOOK_ENDPOINTS) throw badRequest(TOO_MANY_ENDPOINTS_TEXT);
    const [inserted] = await tx.insert(webhookEndpoints).values({
      id, accountId: user.accountId, url: body.url, events: body.events,
      secretSealed: sealEndpointSecret(app.config.credentialsKey, id, secret), secretPrefix: secretPrefixOf(secret),
    }).returning();
    return inserted!;
  });
  return { endpoint: toWebhookEndpoint(row), secret };
});

export const deleteWebhookEndpoint = implement(contract.webhook.delete, async ({ params, user, db }) => {
  // Its queued deliveries go with it; a job that comes for one finds nothing to send.
  const [gone] = await db.delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, params.id), eq(webhookEndpoints.accountId, user.accountId)))
    .returning({ id: webhookEndpoints.id });
  if (!gone) throw notFound();
  return gone;
});

export const updateWebhookEndpoint = implement(contract.webhook.update, async ({ params, body, user, db, app }) => {
  if (body.url !== undefined) {
    const refusal = await refusalOf(body.url, addressPolicyFor(app.config.nodeEnv));
    if (refusal !== null) throw badRequest(refusal);
  }
  // Deliveries already queued go to the endpoint as it is when each is tried.
  const [row] = await db.update(webhookEndpoints)
    .set({ ...(body.url !== undefined ? { url: body.url } : {}), ...(body.events !== undefined ? { events: body.events } : {}) })
    .where(and(eq(webhookEndpoints.id, params.id), eq(webhookEndpoints.accountId, user.accountId)))
    .returning();
  if (!row) throw notFound();
  return toWebhookEndpoint(row);
});
