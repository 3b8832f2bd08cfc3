import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** One field's value before and after a change. */
export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

/** Who changed what on an account, and when (the admin edit screen shows it). */
export const accountAuditLog = pgTable('account_audit_log', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  // No foreign key: the actor may be deleted later, and the entry keeps who it was then.
  actorId: uuid('actor_id'),
  actorEmail: text('actor_email'),
  action: text('action').notNull(),
  changes: jsonb('changes').$type<AuditChanges>().notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('account_audit_log_account_at_idx').on(t.accountId, t.at.desc()),
]);

export type AccountAuditRow = typeof accountAuditLog.$inferSelect;
