import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CallResult } from 'shared-contracts';
import { calls } from './calls';
import { messageAuthorEnum } from './enums';

/** A call's transcript and recording. */
export const conversations = pgTable('conversations', {
  id: uuid('id').primaryKey().defaultRandom(),
  callId: uuid('call_id').notNull().references(() => calls.id, { onDelete: 'cascade' }),
  recordingUrl: text('recording_url'),
  /** What the AI wrote about the call when it ended; null until (or unless) one was written. */
  summary: text('summary'),
  sentiment: text('sentiment').$type<'positive' | 'neutral' | 'negative'>(),
  /** How the call turned out (CALL_RESULTS), written with the summary. */
  outcome: text('outcome').$type<CallResult>(),
  /** Why the caller asked for a person, when an AI agent handed them to one. */
  handoffReason: text('handoff_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('conversations_call_id_key').on(t.callId),
]);

export const conversationMessages = pgTable('conversation_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
  authorType: messageAuthorEnum('author_type').notNull(),
  content: text('content').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('conversation_messages_conversation_at_idx').on(t.conversationId, t.at),
]);
