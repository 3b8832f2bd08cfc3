import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { aiAgents } from './ai-agents';
import { calls } from './calls';
import { appointmentStatusEnum } from './enums';
import { leads } from './leads';

export const appointments = pgTable('appointments', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  leadId: uuid('lead_id').notNull().references(() => leads.id, { onDelete: 'cascade' }),
  aiAgentId: uuid('ai_agent_id').references(() => aiAgents.id, { onDelete: 'set null' }),
  dateTime: timestamp('date_time', { withTimezone: true }).notNull(),
  status: appointmentStatusEnum('status').notNull().default('scheduled'),
  durationMinutes: integer('duration_minutes').notNull().default(30),
  /** The call it was booked on; the appointment outlives the call's deletion. */
  callId: uuid('call_id').references(() => calls.id, { onDelete: 'set null' }),
  notes: text('notes'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('appointments_account_date_idx').on(t.accountId, t.dateTime),
]);
