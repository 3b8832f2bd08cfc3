import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Id, IsoDateTime, REPORT_FILTER_ENTRIES, dateRangeInOrder } from '../schemas/common';
import { Lead } from '../schemas/entities';
import { CALENDAR_EVENT_STATUSES, INTEGRATION_PROVIDERS } from '../domain/integrations';

export const APPOINTMENT_STATUSES = ['scheduled', 'completed', 'cancelled', 'no-show'] as const;

export const AppointmentReportRow = v.object({
  id: Id,
  dateTime: IsoDateTime,
  durationMinutes: v.number(),
  status: v.picklist(APPOINTMENT_STATUSES),
  lead: Lead,
  /** The AI agent that booked it. */
  aiAgent: v.nullable(v.object({ id: Id, name: v.string() })),
  /** The call it was booked on. */
  callId: v.nullable(Id),
  notes: v.nullable(v.string()),
  /** The appointment in each connected calendar it is sent to; empty when none is connected. */
  calendarEvents: v.array(v.object({
    provider: v.picklist(INTEGRATION_PROVIDERS),
    status: v.picklist(CALENDAR_EVENT_STATUSES),
    /** Why the calendar refused it, when it did. */
    error: v.nullable(v.string()),
  })),
});
export type AppointmentReportRow = v.InferOutput<typeof AppointmentReportRow>;

/** Filters of the appointments report and the calendar: dates are inclusive days. */
export const AppointmentReportFilter = v.pipe(
  v.object({
    ...REPORT_FILTER_ENTRIES,
    status: v.optional(v.picklist(APPOINTMENT_STATUSES, 'Choose a listed status')),
    agentId: v.optional(v.pipe(v.string('Choose an agent'), v.uuid('Choose an agent'))),
  }),
  dateRangeInOrder(),
);

export const appointmentContract = {
  getAppointmentsReports: endpoint({
    method: 'POST', path: 'appointment/get-appointments-reports', summary: 'The account\'s appointments, latest first, filtered and paged',
    body: AppointmentReportFilter,
    response: v.array(AppointmentReportRow), paged: true,
    roles: ['USER'], tenant: [{ in: 'body', key: 'agentId', owns: 'aiAgent', whenPresent: true }], publicApi: true,
  }),
} as const;
