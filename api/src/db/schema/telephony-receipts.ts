import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per telephony event applied, keyed by the provider's Call/Message SID and the event
 * (e.g. `status:completed`). A webhook the provider retries, or a replayed signed request,
 * finds its row and changes nothing the second time.
 */
export const telephonyReceipts = pgTable('telephony_receipts', {
  sid: text('sid').notNull(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.sid, t.event] }),
]);
