import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { planEnum } from './enums';

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  plan: planEnum('plan').notNull().default('free'),
  /** Overrides the free plan's agent cap for a single account; null means the default. */
  agentCapOverride: integer('agent_cap_override'),
  /** IANA zone used to bucket the account's reports by day. */
  timeZone: text('time_zone').notNull().default('America/New_York'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('accounts_created_at_idx').on(t.createdAt.desc()),
]);

export type AccountRow = typeof accounts.$inferSelect;
