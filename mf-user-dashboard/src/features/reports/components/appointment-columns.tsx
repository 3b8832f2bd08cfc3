import { Link } from 'react-router-dom';
import type { AppointmentReportRow } from 'shared-contracts';
import { StatusTag, actionColumn, formatDateTime, type TableColumnsType } from 'shared-ui';
import type { CsvColumn } from '../model/csv';
import { CalendarEventsCell } from './calendar-events-cell';

export const appointmentColumns = (timeZone: string): TableColumnsType<AppointmentReportRow> => [
  { title: 'Date & time', key: 'dateTime', render: (_, a) => formatDateTime(a.dateTime, timeZone) },
  { title: 'Lead', key: 'lead', render: (_, a) => a.lead.fullName },
  { title: 'Phone', key: 'phone', render: (_, a) => a.lead.phoneNumber },
  { title: 'Status', key: 'status', render: (_, a) => <StatusTag status={a.status} /> },
  { title: 'Booked by', key: 'agent', render: (_, a) => a.aiAgent?.name ?? 'N/A' },
  { title: 'Length', key: 'length', render: (_, a) => `${a.durationMinutes} min` },
  { title: 'Notes', key: 'notes', render: (_, a) => a.notes ?? '' },
  { title: 'Calendar', key: 'calendar', render: (_, a) => <CalendarEventsCell events={a.calendarEvents} /> },
  actionColumn({
    title: 'Call',
    key: 'call',
    render: (_, a) => (a.callId ? <Link to={`/dashboard/calls/${a.callId}/conversation`}>View call</Link> : 'N/A'),
  }),
];

export const appointmentCsv = (timeZone: string): CsvColumn<AppointmentReportRow>[] => [
  { header: 'Date & time', value: (a) => formatDateTime(a.dateTime, timeZone) },
  { header: 'Lead', value: (a) => a.lead.fullName },
  { header: 'Phone', value: (a) => a.lead.phoneNumber },
  { header: 'Status', value: (a) => a.status },
  { header: 'Booked by', value: (a) => a.aiAgent?.name ?? null },
  { header: 'Length (min)', value: (a) => a.durationMinutes },
  { header: 'Notes', value: (a) => a.notes },
];
