import { integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * How many calls each account has, by direction: the call-logs pager's total without counting
 * 100,000 rows per request. Kept by triggers on `calls` (migration call-counts-trigger),
 * so every writer (handlers, telephony webhooks, seeds, another API instance, plain SQL) keeps
 * it exact in the same transaction as the call itself. The app only reads it.
 */
export const accountCallCounts = pgTable('account_call_counts', {
  accountId: uuid('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
  inbound: integer('inbound').notNull().default(0),
  outbound: integer('outbound').notNull().default(0),
});
