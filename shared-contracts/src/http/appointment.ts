import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Id, IsoDate, IsoDateTime, PageInput, SearchText } from '../schemas/common';
import { Lead } from '../schemas/entities';

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
});
export type AppointmentReportRow = v.InferOutput<typeof AppointmentReportRow>;

/** Filters of the appointments report and the calendar: dates are inclusive days. */
export const AppointmentReportFilter = v.pipe(
  v.object({
    ...PageInput,
    search: SearchText,
    from: v.optional(IsoDate),
    to: v.optional(IsoDate),
    status: v.optional(v.picklist(APPOINTMENT_STATUSES, 'Choose a listed status')),
    agentId: v.optional(v.pipe(v.string('Choose an agent'), v.uuid('Choose an agent'))),
  }),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      (f) => f.from === undefined || f.to === undefined || f.from <= f.to,
      'The start date must be on or before the end date',
    ),
    ['to'],
  ),
);

export const appointmentContract = {
  getAppointmentsReports: endpoint({
    method: 'POST', path: 'appointment/get-appointments-reports', summary: 'The account\'s appointments, latest first, filtered and paged',
    body: AppointmentReportFilter,
    response: v.array(AppointmentReportRow), paged: true,
    roles: ['USER'], tenant: [{ in: 'body', key: 'agentId', owns: 'aiAgent', whenPresent: true }],
  }),
} as const;
