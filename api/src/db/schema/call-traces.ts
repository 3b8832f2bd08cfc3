import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CallTraceTurnValue } from 'shared-contracts';
import { accounts } from './accounts';
import { calls } from './calls';

/** What happened inside an AI call, turn by turn (schemas/call-trace): written once as the session ends. */
export const callTraces = pgTable('call_traces', {
  callId: uuid('call_id').primaryKey().references(() => calls.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  /** The model that answered, or LOCAL_RESPONDER_LABEL. */
  responder: text('responder').notNull(),
  endReason: text('end_reason'),
  turns: jsonb('turns').$type<CallTraceTurnValue[]>().notNull(),
  /** The slowest turn's time to first token: the call logs filter by it. */
  slowestFirstTokenMs: integer('slowest_first_token_ms'),
  /** Why our speech pipeline handed the call to Twilio's voice mid-call. */
  speechFallback: text('speech_fallback'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
