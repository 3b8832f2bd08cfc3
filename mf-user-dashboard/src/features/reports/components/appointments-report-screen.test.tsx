import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, makeUser, never, ok, renderScreen, stubFetch } from 'shared-auth/src/testing';
import { AppointmentsReportScreen } from './appointments-report-screen';
import { captureDownloads, makeAppointment, rid } from '../test-support/report-fixtures';

const user = makeUser({ timeZone: 'America/New_York' });
const bodies = (requests: { url: URL; body: unknown }[]) => requests.map((r) => r.body);

// antd tables render slowly in jsdom while the machine's 2 cores are shared.
jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

test('loading, then the appointments with date, lead and the call they came from', async () => {
  const { requests } = stubFetch(() => ok([makeAppointment(1, { notes: 'Cleaning' })], 1));
  renderScreen(<AppointmentsReportScreen />, user);
  expect(screen.getByRole('region', { name: 'Appointment list' })).toHaveAttribute('aria-busy', 'true');
  const row = await screen.findByRole('row', { name: /Lead 1/ });
  expect(within(row).getAllByRole('cell').map((c) => c.textContent).slice(0, 7)).toEqual([
    'Mar 12, 2026, 11:30 AM', 'Lead 1', '+15557654321', 'Scheduled', 'Front Desk', '30 min', 'Cleaning',
  ]);
  expect(within(row).getByRole('link', { name: 'View call' })).toHaveAttribute('href', `/dashboard/calls/${rid(601)}/conversation`);
  expect(bodies(requests)).toEqual([{ page: 1, limit: 10 }]);
});

test('each appointment says whether it is in the connected calendars, and why a calendar refused it', async () => {
  stubFetch(() => ok([
    makeAppointment(1, { calendarEvents: [
      { provider: 'google-calendar', status: 'synced', error: null },
      { provider: 'outlook-calendar', status: 'failed', error: 'Outlook Calendar answered 401: Access token has expired' },
    ] }),
    makeAppointment(2, { calendarEvents: [{ provider: 'google-calendar', status: 'pending', error: null }] }),
    makeAppointment(3),
  ], 3));
  renderScreen(<AppointmentsReportScreen />, user);
  const calendarCell = async (lead: string) => {
    const row = await screen.findByRole('row', { name: new RegExp(`${lead}\\b`) });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    return within(row).getAllByRole('cell')[headers.indexOf('Calendar')]!;
  };
  expect((await calendarCell('Lead 1')).textContent).toBe(
    'Google Calendar: AddedOutlook Calendar: Not addedOutlook Calendar answered 401: Access token has expired',
  );
  expect((await calendarCell('Lead 2')).textContent).toBe('Google Calendar: Sending');
  expect((await calendarCell('Lead 3')).textContent).toBe('N/A');
});

test('filters by dates and status', async () => {
  const { requests } = stubFetch(() => ok([makeAppointment(1)], 1));
  renderScreen(<AppointmentsReportScreen />, user);
  await screen.findByRole('row', { name: /Lead 1/ });
  fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2026-03-01' } });
  fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2026-03-31' } });
  await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
  await userEvent.click(await screen.findByText('Cancelled', { selector: '.ant-select-item-option-content' }));
  await waitFor(() => expect(bodies(requests).at(-1)).toEqual({ status: 'cancelled', from: '2026-03-01', to: '2026-03-31', page: 1, limit: 10 }));
});

test('empty and error states', async () => {
  stubFetch(never);
  let fail = true;
  stubFetch(() => (fail ? failure(400, 'The start date must be on or before the end date') : ok([], 0)));
  renderScreen(<AppointmentsReportScreen />, user);
  expect(await screen.findByText('The start date must be on or before the end date')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: /retry/i }));
  expect(await screen.findByText('No appointments match these filters')).toBeInTheDocument();
});

test('exports the filtered appointments as CSV', async () => {
  const downloads = captureDownloads();
  stubFetch(() => ok([makeAppointment(1, { notes: 'Bring "X-rays", please' })], 1));
  renderScreen(<AppointmentsReportScreen />, user);
  await screen.findByRole('row', { name: /Lead 1/ });
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(downloads.names).toEqual(['appointments.csv']));
  expect(await downloads.text()).toBe(
    'Date & time,Lead,Phone,Status,Booked by,Length (min),Notes\r\n'
    + '"Mar 12, 2026, 11:30 AM",Lead 1,+15557654321,scheduled,Front Desk,30,"Bring ""X-rays"", please"\r\n',
  );
});

test('a date range that ends before it starts says why, asks nothing and cannot be exported', async () => {
  const { requests } = stubFetch(() => ok([makeAppointment(1)], 1));
  renderScreen(<AppointmentsReportScreen />, user);
  await screen.findByRole('row', { name: /Lead 1/ });
  fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2026-03-31' } });
  fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2026-03-01' } });

  expect(await screen.findByText('The start date must be on or before the end date')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /retry/i })).toBeNull();
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  expect(bodies(requests).some((b) => (b as { to?: string }).to === '2026-03-01')).toBe(false);

  fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2026-04-01' } });
  expect(await screen.findByRole('row', { name: /Lead 1/ })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
});
