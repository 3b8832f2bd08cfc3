import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { roleEnum } from './enums';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  role: roleEnum('role').notNull(),
  /** Stored lower-case (the contracts' Email schema lower-cases input), so the unique index is case-insensitive in practice. */
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** The Twilio number a human agent calls and texts from. */
  agentNumber: text('agent_number'),
  timeZone: text('time_zone').notNull().default('America/New_York'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('users_email_key').on(t.email),
  uniqueIndex('users_agent_number_key').on(t.agentNumber),
  index('users_account_role_idx').on(t.accountId, t.role),
]);

export type UserRow = typeof users.$inferSelect;
