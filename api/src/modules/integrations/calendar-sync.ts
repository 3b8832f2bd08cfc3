import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { integrationName, isTimeZone, type CalendarEventStatus, type IntegrationProvider } from 'shared-contracts';
import type { Db } from '../../db/client';
import { accounts, aiAgents, appointmentCalendarEvents, appointments, integrationConnections, leads } from '../../db/schema';
import { calendarEventOf, type BookedAppointment } from './appointment-calendar-event';
import { CALENDAR_ERROR_MAX_LENGTH, type CalendarClient, type CalendarEvent } from './calendar-client';
import { calendarEventStates, type CalendarEventState } from './calendar-event-states';
import { isLocalCredential } from './connector';
import { openIntegrationCredential } from './integration-credentials';
import { localCalendarClient } from './local-calendar-client';

export interface CalendarSyncDeps {
  db: Db;
  credentialsKey: string;
  /** The vendors' clients by provider. A connection made through the local consent page books into the local calendar instead. */
  clients: Partial<Record<IntegrationProvider, CalendarClient>>;
  log: { warn(details: object, message: string): void };
}

/** A run holds an event this long, well past any client's time limit; a run that died lets go after it. */
const CLAIM_SECONDS = 120;

export const UNREADABLE_CREDENTIAL_TEXT = 'The calendar connection could not be read; connect the calendar again';

type Connection = typeof integrationConnections.$inferSelect;
type Outcome = { status: CalendarEventStatus; externalEventId?: string; error: string | null };

/**
 * Puts a booked appointment into its account's connected calendars: the booking AI agent's
 * chosen calendar when it has one, otherwise every calendar the account connected. Safe to run
 * any number of times, and by several workers at once: each (appointment, calendar) pair is
 * sent by one run at a time and only until a calendar has it, so it appears there once. A
 * calendar that refuses or does not answer is recorded as failed with its reason, and the
 * next run tries it again. Answers where the appointment stands in each calendar.
 */
export async function syncAppointmentToCalendars(deps: CalendarSyncDeps, appointmentId: string): Promise<CalendarEventState[]> {
  const { db } = deps;
  const [found] = await db.select({
    appointment: appointments,
    lead: { fullName: leads.fullName, phoneNumber: leads.phoneNumber },
    agent: { name: aiAgents.name, calendarIntegrationId: aiAgents.calendarIntegrationId },
    timeZone: accounts.timeZone,
  })
    .from(appointments)
    .innerJoin(leads, eq(leads.id, appointments.leadId))
    .innerJoin(accounts, eq(accounts.id, appointments.accountId))
    .leftJoin(aiAgents, eq(aiAgents.id, appointments.aiAgentId))
    .where(eq(appointments.id, appointmentId));
  if (found && found.appointment.status === 'scheduled') {
    const { appointment } = found;
    // Read by the appointment's own account: another account's calendar is never a target.
    const calendars = await db.select().from(integrationConnections)
      .where(and(eq(integrationConnections.accountId, appointment.accountId), eq(integrationConnections.category, 'calendar')));
    const chosen = calendars.find((c) => c.id === found.agent?.calendarIntegrationId);
    const targets = chosen ? [chosen] : calendars;
    if (targets.length > 0) {
      const booked: BookedAppointment = {
        ...appointment,
        lead: found.lead,
        agentName: found.agent?.name ?? null,
        timeZone: isTimeZone(found.timeZone) ? found.timeZone : 'UTC',
      };
      await sendToCalendars(deps, appointmentId, booked, targets);
    }
  }
  return (await calendarEventStates(db, [appointmentId])).get(appointmentId) ?? [];
}

async function sendToCalendars(deps: CalendarSyncDeps, appointmentId: string, booked: BookedAppointment, targets: Connection[]) {
  const { db } = deps;
  const events = appointmentCalendarEvents;
  await db.insert(events).values(targets.map((c) => ({ appointmentId, connectionId: c.id }))).onConflictDoNothing();
  // One statement claims every pair no other run holds and no calendar has yet.
  const claimed = await db.update(events)
    .set({
      claimedUntil: sql`now() + interval '${sql.raw(String(CLAIM_SECONDS))} seconds'`,
      attempts: sql`${events.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(
      eq(events.appointmentId, appointmentId),
      inArray(events.connectionId, targets.map((c) => c.id)),
      ne(events.status, 'synced'),
      or(isNull(events.claimedUntil), lt(events.claimedUntil, sql`now()`)),
    ))
    .returning({ id: events.id, connectionId: events.connectionId });
  // Sent outside any transaction: a slow calendar must not hold the database.
  await Promise.all(claimed.map(async (row) => {
    const connection = targets.find((c) => c.id === row.connectionId)!;
    const outcome = await send(deps, connection, calendarEventOf(booked, row.id), appointmentId);
    await db.update(events).set({ ...outcome, claimedUntil: null, updatedAt: sql`now()` }).where(eq(events.id, row.id));
  }));
}

async function send(deps: CalendarSyncDeps, connection: Connection, event: CalendarEvent, appointmentId: string): Promise<Outcome> {
  const context = { appointmentId, connectionId: connection.id, provider: connection.provider };
  let credential: string;
  try {
    credential = openIntegrationCredential(deps.credentialsKey, connection.accountId, connection.provider, connection.credential);
  } catch {
    deps.log.warn(context, 'calendar credential could not be read');
    return { status: 'failed', error: UNREADABLE_CREDENTIAL_TEXT };
  }
  const client = isLocalCredential(credential) ? localCalendarClient(deps.db, connection.provider) : deps.clients[connection.provider];
  if (client === undefined) return { status: 'failed', error: `${integrationName(connection.provider)} has no calendar client` };
  try {
    const { eventId } = await client.createEvent(credential, event);
    return { status: 'synced', externalEventId: eventId, error: null };
  } catch (error) {
    const text = (error instanceof Error ? error.message : String(error)).slice(0, CALENDAR_ERROR_MAX_LENGTH);
    deps.log.warn({ ...context, error: text }, 'calendar event not created');
    return { status: 'failed', error: text };
  }
}
