import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
