import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SUPPORT_CATEGORIES, SUPPORT_PRIORITIES, SUPPORT_STATUSES } from 'shared-contracts';
import { accounts } from './accounts';
import { calls } from './calls';
import { users } from './users';

export const supportRequests = pgTable('support_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** A short number people can read out to support (shown as SR-<number>). */
  number: integer('number').generatedAlwaysAsIdentity({ startWith: 1001 }),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  subject: text('subject').notNull(),
  category: text('category').$type<(typeof SUPPORT_CATEGORIES)[number]>().notNull(),
  priority: text('priority').$type<(typeof SUPPORT_PRIORITIES)[number]>().notNull(),
  status: text('status').$type<(typeof SUPPORT_STATUSES)[number]>().notNull().default('open'),
  message: text('message').notNull(),
  callId: uuid('call_id').references(() => calls.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('support_requests_account_created_idx').on(t.accountId, t.createdAt.desc()),
]);
