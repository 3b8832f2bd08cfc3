import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CAMPAIGN_LEAD_STATES } from 'shared-contracts';
import { accounts } from './accounts';
import { aiAgents } from './ai-agents';
import { calls } from './calls';
import { leads } from './leads';

/**
 * The leads of an AI agent's outbound campaign and where each stands: the truth the dialer works
 * from. A row is due when `next_attempt_at` has passed; a claimed row is `calling` with no next
 * attempt until its call ends.
 */
export const campaignLeads = pgTable('campaign_leads', {
  aiAgentId: uuid('ai_agent_id').notNull().references(() => aiAgents.id, { onDelete: 'cascade' }),
  leadId: uuid('lead_id').notNull().references(() => leads.id, { onDelete: 'cascade' }),
  // Denormalised from the agent so the per-account pacing counts need no join.
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  state: text('state', { enum: CAMPAIGN_LEAD_STATES }).notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  /** Null: nothing more to do (answered, failed, out of attempts, or a call under way). */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  /** The call of the latest attempt. */
  callId: uuid('call_id').references(() => calls.id, { onDelete: 'set null' }),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.aiAgentId, t.leadId] }),
  index('campaign_leads_due_idx').on(t.aiAgentId, t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`),
  index('campaign_leads_account_state_idx').on(t.accountId, t.state),
  index('campaign_leads_call_idx').on(t.callId),
]);
