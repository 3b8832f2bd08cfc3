import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CalendarEventStatus, IntegrationProvider } from 'shared-contracts';
import { appointments } from './appointments';
import { integrationConnections } from './integration-connections';

/**
 * One row per appointment and calendar connection it is sent to: the vendor's event id once
 * created, or the last error. The unique pair is what makes sending idempotent; `claimedUntil`
 * keeps two runs from sending the same pair at once. Disconnecting a calendar removes its rows.
 */
export const appointmentCalendarEvents = pgTable('appointment_calendar_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  appointmentId: uuid('appointment_id').notNull().references(() => appointments.id, { onDelete: 'cascade' }),
  connectionId: uuid('connection_id').notNull().references(() => integrationConnections.id, { onDelete: 'cascade' }),
  status: text('status').$type<CalendarEventStatus>().notNull().default('pending'),
  externalEventId: text('external_event_id'),
  error: text('error'),
  attempts: integer('attempts').notNull().default(0),
  /** A run sending this event holds it until then; a run that died lets go when it passes. */
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('appointment_calendar_events_appointment_connection_idx').on(t.appointmentId, t.connectionId),
  index('appointment_calendar_events_connection_idx').on(t.connectionId),
]);

/**
 * The local calendar: where events go when a calendar was connected through the local consent
 * page (no vendor app configured), so a booking's whole path can be followed on one machine.
 * `calendarKey` names the local calendar (a hash of its token); the id is the sender's key, so
 * the same event sent twice is stored once.
 */
export const localCalendarEvents = pgTable('local_calendar_events', {
  id: text('id').primaryKey(),
  calendarKey: text('calendar_key').notNull(),
  provider: text('provider').$type<IntegrationProvider>().notNull(),
  summary: text('summary').notNull(),
  description: text('description').notNull(),
  /** The wall-clock start and end in `timeZone`, as the vendors are sent them. */
  startLocal: text('start_local').notNull(),
  endLocal: text('end_local').notNull(),
  timeZone: text('time_zone').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('local_calendar_events_calendar_idx').on(t.calendarKey),
]);
