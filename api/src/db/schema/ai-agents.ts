import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  CAMPAIGN_PAUSE_REASONS, SPEECH_PATHS, type AnalysisFieldValue, type BookingRulesValue, type CustomToolValue, type WEEKDAYS,
} from 'shared-contracts';
import { accounts } from './accounts';
import { handleCallTypeEnum } from './enums';

export interface WorkingHoursValue {
  days: Array<(typeof WEEKDAYS)[number]>;
  start: string;
  end: string;
}

export const aiAgents = pgTable('ai_agents', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  handleCallType: handleCallTypeEnum('handle_call_type').notNull().default('inbound'),
  /** The number the agent answers and calls from: one account's only (telephony/number-claims.ts). */
  phoneNumber: text('phone_number'),
  campaignActive: boolean('campaign_active').notNull().default(false),
  /** Set when the campaign stopped by itself (CAMPAIGN_PAUSE_REASONS) rather than by the owner; cleared when it runs again. */
  campaignPausedReason: text('campaign_paused_reason', { enum: CAMPAIGN_PAUSE_REASONS }),
  prompt: text('prompt').notNull().default(''),
  greeting: text('greeting').notNull().default(''),
  /** An id of the voice catalogue (agent/get-agent-voices). */
  voiceId: text('voice_id').notNull().default('openai-alloy'),
  // AI clients are administered globally (ai_clients); no foreign key so an agent never
  // blocks an administrator removing a client: a missing client falls back to the default.
  textClientId: uuid('text_client_id'),
  sttClientId: uuid('stt_client_id'),
  language: text('language').notNull().default('en-US'),
  /** Who speaks and hears the calls: Twilio's ConversationRelay, or our pipeline with the administrator's speech clients. */
  speechPath: text('speech_path', { enum: SPEECH_PATHS }).notNull().default('twilio'),
  transferNumber: text('transfer_number'),
  /** Text extracted from uploaded documents (knowledge/generate-text), edited by the user. */
  knowledge: text('knowledge').notNull().default(''),
  squareLocationId: text('square_location_id'),
  calendarIntegrationId: uuid('calendar_integration_id'),
  maxCallMinutes: integer('max_call_minutes').notNull().default(10),
  recordCalls: boolean('record_calls').notNull().default(true),
  workingHours: jsonb('working_hours').$type<WorkingHoursValue>(),
  /** Slot length, buffer and horizon; null books by the defaults (domain/booking-rules). */
  bookingRules: jsonb('booking_rules').$type<BookingRulesValue>(),
  /** The business's own HTTP tools the model may call (schemas/custom-tools). */
  customTools: jsonb('custom_tools').$type<CustomToolValue[]>().notNull().default([]),
  /** Signs the requests of the agent's custom tools; AES-256-GCM under CREDENTIALS_KEY, bound to the agent's id. */
  toolSecretSealed: text('tool_secret_sealed'),
  toolSecretPrefix: text('tool_secret_prefix'),
  /** What to extract from each call after it ends (schemas/call-analysis). */
  analysisFields: jsonb('analysis_fields').$type<AnalysisFieldValue[]>().notNull().default([]),
  /** When a call counts as a success, in the business's words; empty: not judged. */
  successCriterion: text('success_criterion').notNull().default(''),
  /** The model's sampling temperature; null: the provider's default. */
  temperature: real('temperature'),
  /** The longest reply in tokens; null: the house cap. */
  maxReplyTokens: integer('max_reply_tokens'),
  /** The number of the agent's current version (ai_agent_versions); calls and test runs record it. */
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('ai_agents_account_created_idx').on(t.accountId, t.createdAt),
  // Inbound calls and number claims find agents by the number dialled.
  index('ai_agents_phone_number_idx').on(t.phoneNumber),
]);
