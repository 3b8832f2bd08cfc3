import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppointmentReportRow } from 'shared-contracts';
import { failure, makeUser, never, ok, renderScreen, stubFetch } from 'shared-auth/src/testing';
import { CalendarScreen } from './calendar-screen';

const user = makeUser({ timeZone: 'America/New_York' });
const appt = (n: number, dateTime: string, overrides: Partial<AppointmentReportRow> = {}): AppointmentReportRow => ({
  id: `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`, dateTime, durationMinutes: 30, status: 'scheduled',
  lead: { id: `40000000-0000-4000-8000-${String(100 + n).padStart(12, '0')}`, fullName: `Lead ${n}`, phoneNumber: '+15550000000' },
  aiAgent: null, callId: null, notes: null, calendarEvents: [], ...overrides,
});

jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

test('asks for the month shown (padded a day each side) while the grid is busy', () => {
  const { requests } = stubFetch(never);
  renderScreen(<CalendarScreen today="2026-03-15" />, user);
  expect(screen.getByRole('grid', { name: 'March 2026' })).toHaveAttribute('aria-busy', 'true');
  expect(requests[0]!.body).toEqual({ from: '2026-02-22', to: '2026-04-06', page: 1, limit: 100 });
});

test('puts each appointment on its day in the user\'s time zone, linking to its call', async () => {
  stubFetch(() => ok([
    appt(2, '2026-03-12T15:30:00.000Z', { callId: '40000000-0000-4000-8000-000000000999' }),
    appt(1, '2026-03-04T03:30:00.000Z'),
  ], 2));
  renderScreen(<CalendarScreen today="2026-03-15" />, user);
  const march3 = await screen.findByRole('gridcell', { name: /^Tue, Mar 3: 1 appointment/ });
  expect(march3).toHaveTextContent('10:30 PM Lead 1');
  const march12 = screen.getByRole('gridcell', { name: /^Thu, Mar 12: 1 appointment/ });
  expect(within(march12).getByRole('link')).toHaveAttribute('href', '/dashboard/calls/40000000-0000-4000-8000-000000000999/conversation');
  expect(screen.getByRole('gridcell', { name: 'Wed, Mar 4: 0 appointments' })).toBeInTheDocument();
});

test('moves by month, switches to a week, and says when nothing is booked', async () => {
  const { requests } = stubFetch(() => ok([], 0));
  renderScreen(<CalendarScreen today="2026-03-15" />, user);
  expect(await screen.findByText('No appointments in this month')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
  expect(await screen.findByRole('grid', { name: 'April 2026' })).toBeInTheDocument();
  await userEvent.click(screen.getByText('Week'));
  expect(await screen.findByRole('grid', { name: 'Mon, Mar 30 – Sun, Apr 5' })).toBeInTheDocument();
  await waitFor(() => expect(requests.at(-1)!.body).toMatchObject({ from: '2026-03-29', to: '2026-04-06' }));
  expect(screen.getAllByRole('gridcell')).toHaveLength(7);
  expect(screen.getByText('No appointments in this week')).toBeInTheDocument();
});

test('a failed load shows the error with Retry', async () => {
  let fail = true;
  stubFetch(() => (fail ? failure(500, 'Calendar unavailable') : ok([], 0)));
  renderScreen(<CalendarScreen today="2026-03-15" />, user);
  expect(await screen.findByText('Calendar unavailable')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: /retry/i }));
  expect(await screen.findByText('No appointments in this month')).toBeInTheDocument();
});
