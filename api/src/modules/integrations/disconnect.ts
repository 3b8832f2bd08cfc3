import { and, eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { aiAgents, integrationConnections } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';

/**
 * Removes a connection with its credentials. Agents that booked into that calendar (or Square)
 * stop pointing at it, so none keeps a link to a connection that is gone.
 */
export const disconnectIntegration = implement(contract.integrations.disconnect, async ({ body, user, db }) => {
  const [row] = await db.delete(integrationConnections)
    .where(and(eq(integrationConnections.id, body.connectionId), eq(integrationConnections.accountId, user.accountId)))
    .returning({ id: integrationConnections.id, provider: integrationConnections.provider });
  // The tenant check already answered 404 for another account's id; this covers a concurrent disconnect.
  if (!row) throw notFound();
  await db.update(aiAgents).set({ calendarIntegrationId: null })
    .where(and(eq(aiAgents.accountId, user.accountId), eq(aiAgents.calendarIntegrationId, row.id)));
  if (row.provider === 'squareup') {
    await db.update(aiAgents).set({ squareLocationId: null }).where(eq(aiAgents.accountId, user.accountId));
  }
  return { id: row.id };
});
