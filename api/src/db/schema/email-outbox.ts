import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every message the API sends. Without SMTP_URL this table is the delivery: a developer reads
 * it (GET /v1/dev/outbox, or the log line) to follow a verification or reset link.
 */
export const emailOutbox = pgTable('email_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  /** What the message is for ('verify_email', 'two_step', 'password_reset', ...). */
  kind: text('kind').notNull(),
  transport: text('transport', { enum: ['smtp', 'local'] }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('email_outbox_to_created_idx').on(t.to, t.createdAt.desc()),
]);

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
