import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { contract, type AppointmentReportRow } from 'shared-contracts';
import { aiAgents, appointments, leads } from '../../db/schema';
import { containsPattern } from '../../db/like';
import { implement } from '../../http/implement';
import { accountTimeZone, withinDays } from '../call-reports';
import { calendarEventStates } from '../integrations';

export const getAppointmentsReports = implement(contract.appointment.getAppointmentsReports, async ({ body, user, db }) => {
  const timeZone = await accountTimeZone(db, user.accountId);
  const pattern = body.search === '' ? undefined : containsPattern(body.search);
  const where = and(
    eq(appointments.accountId, user.accountId),
    withinDays(appointments.dateTime, timeZone, body.from, body.to),
    body.status === undefined ? undefined : eq(appointments.status, body.status),
    body.agentId === undefined ? undefined : eq(appointments.aiAgentId, body.agentId),
    pattern === undefined ? undefined : or(ilike(leads.fullName, pattern), ilike(leads.phoneNumber, pattern)),
  );
  const [rows, [counted]] = await Promise.all([
    db.select({
      appointment: appointments,
      lead: { id: leads.id, fullName: leads.fullName, phoneNumber: leads.phoneNumber },
      aiAgent: { id: aiAgents.id, name: aiAgents.name },
    })
      .from(appointments)
      .innerJoin(leads, eq(leads.id, appointments.leadId))
      .leftJoin(aiAgents, eq(aiAgents.id, appointments.aiAgentId))
      .where(where)
      .orderBy(desc(appointments.dateTime), desc(appointments.id))
      .limit(body.limit)
      .offset((body.page - 1) * body.limit),
    db.select({ total: sql<number>`count(*)::int`.mapWith(Number) })
      .from(appointments).innerJoin(leads, eq(leads.id, appointments.leadId)).where(where),
  ]);
  const calendars = await calendarEventStates(db, rows.map((r) => r.appointment.id));
  const data = rows.map(({ appointment, lead, aiAgent }): AppointmentReportRow => ({
    id: appointment.id,
    dateTime: appointment.dateTime.toISOString(),
    durationMinutes: appointment.durationMinutes,
    status: appointment.status,
    lead,
    aiAgent,
    callId: appointment.callId,
    notes: appointment.notes,
    calendarEvents: (calendars.get(appointment.id) ?? []).map(({ provider, status, error }) => ({ provider, status, error })),
  }));
  return { data, total: counted?.total ?? 0 };
});
