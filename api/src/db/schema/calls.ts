import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SUPERVISE_MODES, type CallAnalysisValue, type RelayHandoff } from 'shared-contracts';
import { accounts } from './accounts';
import { aiAgents } from './ai-agents';
import { callDirectionEnum, callStatusEnum } from './enums';
import { leads } from './leads';
import { users } from './users';

export const calls = pgTable('calls', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  direction: callDirectionEnum('direction').notNull(),
  status: callStatusEnum('status').notNull(),
  fromNumber: text('from_number').notNull(),
  toNumber: text('to_number').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  durationSeconds: integer('duration_seconds').notNull().default(0),
  // Deleting an agent or lead keeps the call history; the link just goes away.
  aiAgentId: uuid('ai_agent_id').references(() => aiAgents.id, { onDelete: 'set null' }),
  agentUserId: uuid('agent_user_id').references(() => users.id, { onDelete: 'set null' }),
  leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
  /** Twilio's CallSid; null for calls that never reached Twilio (simulator, seed). */
  callSid: text('call_sid'),
  /** Why the call ended, in the words the call log shows; null while it goes on. */
  endReason: text('end_reason'),
  /** Where a Media Streams session sent the caller: its <Connect action> request carries no handoff data, so it reads this. */
  streamHandoff: jsonb('stream_handoff').$type<RelayHandoff>(),
  /**
   * When the instance holding the call's AI session last said it is still there. A call in
   * progress whose session stopped saying so (its instance died) is finished by the sweep.
   */
  sessionSeenAt: timestamp('session_seen_at', { withTimezone: true }),
  /** The version of the AI agent the call ran on. */
  aiAgentVersion: integer('ai_agent_version'),
  /** A test call (an agent test run): never counted in minutes, reports or webhooks. */
  isTest: boolean('is_test').notNull().default(false),
  /** The agent's post-call analysis: its fields as extracted, and the success judgement. */
  analysis: jsonb('analysis').$type<CallAnalysisValue>(),
  /** When the caller began waiting for a person: rang an agent number, or was handed over by an AI agent. Null for calls no caller waited on. */
  queuedAt: timestamp('queued_at', { withTimezone: true }),
  /** When a person first took the call (the caller's wait ends here). */
  personAnsweredAt: timestamp('person_answered_at', { withTimezone: true }),
  /**
   * When the person on the call said they were hanging up (their softphone tells us just before).
   * Twilio reports only that the agent's leg ended: without this, the leg ending means their browser
   * went, and the caller goes back to the queue.
   */
  agentHungUpAt: timestamp('agent_hung_up_at', { withTimezone: true }),
  /** When the time of the person who took the call to wrap it up runs out; null for calls no person took. */
  wrapUpDueAt: timestamp('wrap_up_due_at', { withTimezone: true }),
  /** When the person wrapped it up, or when their time ran out (then with no disposition). */
  wrappedUpAt: timestamp('wrapped_up_at', { withTimezone: true }),
  disposition: text('disposition'),
  dispositionNotes: text('disposition_notes'),
  /** Since when the person on the call holds the other party (who hears hold music); null when not held. */
  heldSince: timestamp('held_since', { withTimezone: true }),
  /**
   * On Twilio, the leg the call's <Dial> rang and connected: the agent's browser on a caller's call,
   * the number called on an agent's own. Moving the call onto a conference moves this leg.
   */
  dialledLegSid: text('dialled_leg_sid'),
  /** On Twilio, the conference the call moved onto at its first hold, once it began. */
  conferenceSid: text('conference_sid'),
  /**
   * A warm transfer under way: the colleague the agent is talking to first (the caller on hold),
   * their leg on Twilio, and when they answered; all null when there is none.
   */
  consultAgentUserId: uuid('consult_agent_user_id').references(() => users.id, { onDelete: 'set null' }),
  consultLegSid: text('consult_leg_sid'),
  consultAnsweredAt: timestamp('consult_answered_at', { withTimezone: true }),
  /** The outside number the person on the call transferred the caller to; the call has left the desk (no person on it). */
  transferredTo: text('transferred_to'),
  /**
   * The account's USER supervising the call (one at a time: the claim is this column), how
   * (SUPERVISE_MODES), since when, and their browser phone's leg once it joined; all null when
   * nobody does. A claim whose phone has not joined within SUPERVISOR_JOIN_SECONDS lapses.
   */
  supervisorUserId: uuid('supervisor_user_id').references(() => users.id, { onDelete: 'set null' }),
  superviseMode: text('supervise_mode', { enum: SUPERVISE_MODES }),
  supervisedSince: timestamp('supervised_since', { withTimezone: true }),
  supervisorLegSid: text('supervisor_leg_sid'),
}, (t) => [
  // The call-logs page sorts by (started_at desc, id desc): the id in the index lets the scan
  // stop after one page instead of sorting every call of the account.
  index('calls_account_started_id_idx').on(t.accountId, t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('calls_agent_user_started_id_idx').on(t.agentUserId, t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('calls_ai_agent_idx').on(t.aiAgentId),
  uniqueIndex('calls_call_sid_key').on(t.callSid),
  // The sweep that finishes AI calls no live session holds reads only the unfinished ones.
  // The desk report reads the calls callers waited on, by account and day.
  index('calls_account_queued_idx').on(t.accountId, t.queuedAt).where(sql`${t.queuedAt} is not null`),
  // An agent's calls still to wrap up: read on every status change and wrap-up.
  index('calls_pending_wrap_up_idx').on(t.agentUserId).where(sql`${t.wrapUpDueAt} is not null and ${t.wrappedUpAt} is null`),
  index('calls_unfinished_ai_idx').on(t.status, t.startedAt).where(sql`${t.aiAgentId} is not null and ${t.status} in ('ringing', 'in-progress')`),
]);

export type CallRow = typeof calls.$inferSelect;
