import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** Callers waiting for a human agent, oldest first. */
export const queueEntries = pgTable('queue_entries', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  phoneNumber: text('phone_number').notNull(),
  callerName: text('caller_name'),
  enqueuedAt: timestamp('enqueued_at', { withTimezone: true }).notNull().defaultNow(),
  /** The inbound call that queued this caller; answering that call takes the entry off the queue. */
  callSid: text('call_sid'),
}, (t) => [
  uniqueIndex('queue_entries_call_sid_key').on(t.callSid),
  index('queue_entries_account_enqueued_idx').on(t.accountId, t.enqueuedAt),
]);
