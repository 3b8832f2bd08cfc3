import { AppointmentReportFilter, appointmentContract } from './appointment';
import { ID, NOW, firstIssue, messageOf, parsed } from '../schema-test-helpers';

test('defaults: first page, no filters', () => expect(parsed(AppointmentReportFilter, {})).toEqual({ page: 1, limit: 10, search: '' }));
test('date range', () => {
  expect(messageOf(AppointmentReportFilter, { from: '2025-03-01', to: '2025-03-31' })).toBeNull();
  expect(messageOf(AppointmentReportFilter, { from: '2025-03-01', to: '2025-03-01' })).toBeNull();
  expect(firstIssue(AppointmentReportFilter, { from: '2025-03-02', to: '2025-03-01' }))
    .toEqual({ message: 'The start date must be on or before the end date', path: 'to' });
  expect(messageOf(AppointmentReportFilter, { from: '03/01/2025' })).toBe('Dates use the format YYYY-MM-DD');
  expect(messageOf(AppointmentReportFilter, { to: '2025-02-29' })).toBe('That day does not exist');
  expect(messageOf(AppointmentReportFilter, { to: '2024-02-29' })).toBeNull();
});
test('status and agent filters', () => {
  expect(messageOf(AppointmentReportFilter, { status: 'maybe' })).toBe('Choose a listed status');
  expect(messageOf(AppointmentReportFilter, { agentId: 'x' })).toBe('Choose an agent');
  expect(appointmentContract.getAppointmentsReports.tenant).toEqual([{ in: 'body', key: 'agentId', owns: 'aiAgent', whenPresent: true }]);
});
test('rows have dateTime and the lead\'s fullName, and the list is paged', () => {
  const row = { id: ID, dateTime: NOW, durationMinutes: 30, status: 'scheduled', lead: { id: ID, fullName: 'Bo Chen', phoneNumber: '+12125550100' }, aiAgent: null, callId: null, notes: null, calendarEvents: [] };
  expect(messageOf(appointmentContract.getAppointmentsReports.response, [row])).toBeNull();
  expect(appointmentContract.getAppointmentsReports.paged).toBe(true);
});
test('rows say where the appointment stands in each connected calendar', () => {
  const row = { id: ID, dateTime: NOW, durationMinutes: 30, status: 'scheduled', lead: { id: ID, fullName: 'Bo Chen', phoneNumber: '+12125550100' }, aiAgent: null, callId: null, notes: null };
  const events = [{ provider: 'google-calendar', status: 'synced', error: null }, { provider: 'outlook-calendar', status: 'failed', error: 'Outlook Calendar answered 401' }];
  expect(messageOf(appointmentContract.getAppointmentsReports.response, [{ ...row, calendarEvents: events }])).toBeNull();
  expect(messageOf(appointmentContract.getAppointmentsReports.response, [{ ...row, calendarEvents: [{ provider: 'google-calendar', status: 'sent', error: null }] }])).not.toBeNull();
});
