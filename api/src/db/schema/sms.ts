import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { leads } from './leads';
import { callDirectionEnum } from './enums';

/**
 * One thread per account, agent number and lead number: a number that moves to another account
 * starts new threads there and leaves the old account's behind.
 */
export const smsConversations = pgTable('sms_conversations', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  agentNumber: text('agent_number').notNull(),
  leadNumber: text('lead_number').notNull(),
  leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('sms_conversations_account_numbers_key').on(t.accountId, t.agentNumber, t.leadNumber),
  index('sms_conversations_account_last_idx').on(t.accountId, t.lastMessageAt.desc()),
]);

export const smsMessages = pgTable('sms_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  conversationId: uuid('conversation_id').notNull().references(() => smsConversations.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  direction: callDirectionEnum('direction').notNull(),
  content: text('content').notNull(),
  /** Twilio's message status text (queued, sent, delivered, failed, received...). */
  status: text('status').notNull(),
  /** Twilio's MessageSid; status callbacks find the row by it. */
  messageSid: text('message_sid'),
  /** The sender's key for an outbound text: a repeated send with it answers this row instead of sending again. */
  idempotencyKey: uuid('idempotency_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('sms_messages_conversation_created_idx').on(t.conversationId, t.createdAt),
  uniqueIndex('sms_messages_message_sid_key').on(t.messageSid),
  uniqueIndex('sms_messages_account_idempotency_key').on(t.accountId, t.idempotencyKey),
]);
