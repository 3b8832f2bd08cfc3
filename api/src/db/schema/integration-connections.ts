import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { IntegrationCategory, IntegrationProvider } from 'shared-contracts';
import { accounts } from './accounts';

/** One account's connection to an outside provider (CRM, calendar, booking). */
export const integrationConnections = pgTable('integration_connections', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<IntegrationProvider>().notNull(),
  category: text('category').$type<IntegrationCategory>().notNull(),
  status: text('status').$type<'active' | 'error'>().notNull().default('active'),
  accountLabel: text('account_label'),
  /** The API key or OAuth token the provider gave; removed with the row on disconnect. */
  credential: text('credential').notNull(),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('integration_connections_account_provider_idx').on(t.accountId, t.provider),
  index('integration_connections_account_idx').on(t.accountId),
]);
