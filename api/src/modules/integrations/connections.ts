import { asc, eq } from 'drizzle-orm';
import {
  INTEGRATION_AUTH_TYPE_BY_PROVIDER, INTEGRATION_CATALOGUE, INTEGRATION_CATEGORY_BY_PROVIDER,
  type IntegrationCatalogEntry, type IntegrationConnection, type IntegrationConnections,
} from 'shared-contracts';
import type { Db } from '../../db/client';
import { integrationConnections } from '../../db/schema';
import type { IntegrationConnector } from './connector';

type Row = typeof integrationConnections.$inferSelect;

/** The public face of a connection: never the credential. */
export const toConnection = (row: Row): IntegrationConnection => ({
  id: row.id,
  provider: row.provider,
  category: row.category,
  status: row.status,
  accountLabel: row.accountLabel,
  connectedAt: row.connectedAt.toISOString(),
});

export async function connectionRows(db: Db, accountId: string): Promise<Row[]> {
  return db.select().from(integrationConnections)
    .where(eq(integrationConnections.accountId, accountId))
    .orderBy(asc(integrationConnections.connectedAt), asc(integrationConnections.id));
}

/** The connection fields the integrations screen shows, built from the account's rows. */
export function toConnections(rows: readonly Row[]): IntegrationConnections {
  const all = rows.map(toConnection);
  const crm = all.find((c) => c.category === 'crm') ?? null;
  const byCategory: Record<string, IntegrationConnection[]> = {};
  for (const c of all) (byCategory[c.category] ??= []).push(c);
  return {
    connectedCRMIntegration: crm && { id: crm.id, provider: crm.provider },
    connectedCalendarIntegrations: all.filter((c) => c.category === 'calendar')
      .map((c) => ({ id: c.id, provider: c.provider, accountLabel: c.accountLabel })),
    allConnections: all,
    connectionsByCategory: byCategory,
  };
}

/** The catalogue in its fixed order, each entry with the account's connection if it has one. */
export function toCatalog(rows: readonly Row[], connector: IntegrationConnector): IntegrationCatalogEntry[] {
  return INTEGRATION_CATALOGUE.map((item) => {
    const authType = INTEGRATION_AUTH_TYPE_BY_PROVIDER[item.provider];
    return {
      provider: item.provider,
      name: item.name,
      category: INTEGRATION_CATEGORY_BY_PROVIDER[item.provider],
      description: item.description,
      logoUrl: null,
      authType,
      authorizeUrl: authType === 'oauth' ? connector.authorizeUrl(item.provider) : null,
      connectionId: rows.find((r) => r.provider === item.provider)?.id ?? null,
    };
  });
}
