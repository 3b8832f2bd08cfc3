import { and, eq } from 'drizzle-orm';
import { INTEGRATION_CATEGORY_BY_PROVIDER, contract, crmConflictText } from 'shared-contracts';
import { integrationConnections } from '../../db/schema';
import { ApiError, badRequest } from '../../http/api-error';
import { implement } from '../../http/implement';
import { toConnection } from './connections';
import { ConnectionRefused, type VerifiedConnection } from './connector';
import { connectorOf } from './connector-of';
import { sealIntegrationCredential } from './integration-credentials';

/**
 * Connects a provider. Calendars and booking are idempotent: connecting one that is connected
 * answers the existing connection and changes nothing. A CRM is one at a time: another CRM is
 * refused (409); the connected CRM again replaces its key (how a user repairs an `error` status).
 */
export const connectIntegration = implement(contract.integrations.connect, async ({ body, user, db, app }) => {
  const { provider } = body;
  const category = INTEGRATION_CATEGORY_BY_PROVIDER[provider];
  const rows = await db.select().from(integrationConnections).where(eq(integrationConnections.accountId, user.accountId));
  const existing = rows.find((r) => r.provider === provider);
  if (existing && category !== 'crm') return toConnection(existing);
  const otherCrm = rows.find((r) => r.category === 'crm' && r.provider !== provider);
  if (category === 'crm' && otherCrm) throw new ApiError(409, 'Conflict', crmConflictText(otherCrm.provider));

  const connector = connectorOf(app);
  let verified: VerifiedConnection;
  try {
    verified = body.authType === 'apiKey'
      ? await connector.verifyApiKey(provider, body.apiKey)
      : await connector.exchangeCode(provider, body.code, body.redirectUri);
  } catch (error) {
    if (error instanceof ConnectionRefused) throw badRequest(error.message);
    throw error;
  }
  const credential = sealIntegrationCredential(app.config.credentialsKey, user.accountId, provider, verified.credential);
  const values = { status: 'active' as const, accountLabel: verified.accountLabel, credential, connectedAt: new Date() };
  if (existing) {
    const [row] = await db.update(integrationConnections).set(values)
      .where(and(eq(integrationConnections.id, existing.id), eq(integrationConnections.accountId, user.accountId))).returning();
    return toConnection(row!);
  }
  // Two tabs connecting at once: the unique (account, provider) index keeps one row, and the loser reads it.
  const [row] = await db.insert(integrationConnections).values({ accountId: user.accountId, provider, category, ...values })
    .onConflictDoNothing().returning();
  if (row) return toConnection(row);
  const [winner] = await db.select().from(integrationConnections)
    .where(and(eq(integrationConnections.accountId, user.accountId), eq(integrationConnections.provider, provider)));
  return toConnection(winner!);
});
