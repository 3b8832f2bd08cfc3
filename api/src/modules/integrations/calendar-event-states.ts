import { asc, eq, inArray } from 'drizzle-orm';
import type { CalendarEventStatus, IntegrationProvider } from 'shared-contracts';
import type { Db } from '../../db/client';
import { appointmentCalendarEvents, integrationConnections } from '../../db/schema';

/** Where one appointment stands in one connected calendar. */
export interface CalendarEventState {
  appointmentId: string;
  connectionId: string;
  provider: IntegrationProvider;
  status: CalendarEventStatus;
  externalEventId: string | null;
  error: string | null;
}

/** The calendar events of these appointments, by appointment, each list in provider order. */
export async function calendarEventStates(db: Db, appointmentIds: readonly string[]): Promise<Map<string, CalendarEventState[]>> {
  const byAppointment = new Map<string, CalendarEventState[]>();
  if (appointmentIds.length === 0) return byAppointment;
  const rows = await db.select({
    appointmentId: appointmentCalendarEvents.appointmentId,
    connectionId: appointmentCalendarEvents.connectionId,
    provider: integrationConnections.provider,
    status: appointmentCalendarEvents.status,
    externalEventId: appointmentCalendarEvents.externalEventId,
    error: appointmentCalendarEvents.error,
  })
    .from(appointmentCalendarEvents)
    .innerJoin(integrationConnections, eq(integrationConnections.id, appointmentCalendarEvents.connectionId))
    .where(inArray(appointmentCalendarEvents.appointmentId, [...appointmentIds]))
    .orderBy(asc(integrationConnections.provider), asc(appointmentCalendarEvents.connectionId));
  for (const row of rows) byAppointment.set(row.appointmentId, [...(byAppointment.get(row.appointmentId) ?? []), row]);
  return byAppointment;
}
