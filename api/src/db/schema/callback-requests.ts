import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { calls } from './calls';

/**
 * A message an AI agent took because nobody could take the caller: who to call back, on which
 * number, and why. One per call; the account's users see it on the call and in the call logs.
 */
export const callbackRequests = pgTable('callback_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  callId: uuid('call_id').notNull().references(() => calls.id, { onDelete: 'cascade' }),
  callerName: text('caller_name'),
  phoneNumber: text('phone_number'),
  reason: text('reason').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('callback_requests_call_id_key').on(t.callId),
]);
