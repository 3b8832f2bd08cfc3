import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WebhookDeliveredType, WebhookEventType } from 'shared-contracts';
import { accounts } from './accounts';

/** Where an account wants its events. The signing secret is kept encrypted: signing needs it in the clear. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  events: jsonb('events').$type<WebhookEventType[]>().notNull(),
  /** AES-256-GCM under CREDENTIALS_KEY, bound to the endpoint's id. */
  secretSealed: text('secret_sealed').notNull(),
  secretPrefix: text('secret_prefix').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('webhook_endpoints_account_idx').on(t.accountId, t.createdAt.desc()),
]);

/** One event as it happened, sent unchanged to every endpoint that subscribes to it (and on every retry). */
export const webhookEvents = pgTable('webhook_events', {
  /** Derived from what happened (e.g. the call's id), so an event raised twice is one event. */
  id: text('id').primaryKey(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  type: text('type').$type<WebhookDeliveredType>().notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One event to one endpoint, with its attempts and the endpoint's last answer, as the page lists it. */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  endpointId: uuid('endpoint_id').notNull().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  eventId: text('event_id').notNull().references(() => webhookEvents.id, { onDelete: 'cascade' }),
  status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastStatusCode: integer('last_status_code'),
  lastResponse: text('last_response'),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
  index('webhook_deliveries_account_created_idx').on(t.accountId, t.createdAt.desc()),
]);
