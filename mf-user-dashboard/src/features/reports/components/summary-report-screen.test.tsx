import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, makeUser, ok, renderScreen, stubFetch } from 'shared-auth/src/testing';
import type { CallReport } from 'shared-contracts';
import { SummaryReportScreen } from './summary-report-screen';
import { captureDownloads, makeReport, rid } from '../test-support/report-fixtures';

const user = makeUser({ timeZone: 'America/New_York' });

// antd tables render slowly in jsdom while the machine's 2 cores are shared.
jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

test('loading, then each call\'s summary, sentiment, outcome and booking', async () => {
  const { requests } = stubFetch(() => ok([
    makeReport(1), makeReport(2, { summary: null, sentiment: null, outcome: null, appointmentBooked: false }),
    makeReport(3, { outcome: 'transferred' }), makeReport(4, { outcome: 'answered' }), makeReport(5, { outcome: 'unresolved' }),
  ], 5));
  renderScreen(<SummaryReportScreen />, user);
  expect(screen.getByRole('region', { name: 'Call summaries' })).toHaveAttribute('aria-busy', 'true');
  const first = await screen.findByRole('row', { name: /Lead 1/ });
  expect(screen.getByRole('columnheader', { name: 'Outcome' })).toBeInTheDocument();
  expect(within(first).getAllByRole('cell').map((c) => c.textContent).slice(0, 8)).toEqual([
    'Mar 10, 2026, 10:00 AM', 'Lead 1', 'Inbound', 'Front Desk', 'Summary 1', 'Positive', 'Appointment booked', 'Yes',
  ]);
  const second = screen.getByRole('row', { name: /Lead 2/ });
  expect(within(second).getAllByRole('cell').map((c) => c.textContent).slice(4, 8)).toEqual(['No summary yet', 'N/A', 'N/A', 'No']);
  const outcome = (n: number) => within(screen.getByRole('row', { name: new RegExp(`Lead ${n}`) })).getAllByRole('cell')[6]!.textContent;
  expect([3, 4, 5].map(outcome)).toEqual(['Transferred', 'Answered', 'Unresolved']);
  expect(within(first).getByRole('link', { name: 'View conversation of the call with Lead 1' })).toHaveAttribute('href', `/dashboard/calls/${rid(1)}/conversation`);
  expect(requests[0]!.url.pathname).toBe('/v1/call/get-call-summaries');
});

test('filters by sentiment; empty and error states', async () => {
  let fail = false;
  const { requests } = stubFetch((r) => {
    if (fail) return failure(500, 'Summaries are down');
    return (r.body as { sentiment?: string }).sentiment ? ok([], 0) : ok([makeReport(1)], 1);
  });
  renderScreen(<SummaryReportScreen />, user);
  await screen.findByRole('row', { name: /Lead 1/ });
  await userEvent.click(screen.getByRole('combobox', { name: 'Sentiment' }));
  await userEvent.click(await screen.findByText('Negative', { selector: '.ant-select-item-option-content' }));
  expect(await screen.findByText('No calls match these filters')).toBeInTheDocument();
  expect(requests.at(-1)!.body).toEqual({ sentiment: 'negative', page: 1, limit: 10 });
  fail = true;
  await userEvent.click(screen.getByRole('combobox', { name: 'Sentiment' }));
  await userEvent.click(await screen.findByText('Positive', { selector: '.ant-select-item-option-content' }));
  expect(await screen.findByText('Summaries are down')).toBeInTheDocument();
});

const ANALYSED: Partial<CallReport> = {
  analysis: {
    fields: [
      { name: 'Appointment', type: 'date', value: '2026-03-12T15:30' }, { name: 'Booked', type: 'yes-no', value: true },
      { name: 'Party size', type: 'number', value: null }, { name: 'Outcome', type: 'choice', value: 'Booked' },
    ],
    success: true, successReason: 'An appointment was booked on the call.', analysedBy: 'Local responder',
  },
};

test('each call\'s success by its agent\'s criterion, the reason on hover', async () => {
  stubFetch(() => ok([
    makeReport(1, ANALYSED), makeReport(2, { analysis: { fields: [], success: false, successReason: 'No appointment was booked on the call.', analysedBy: 'x' } }),
    makeReport(3, { analysis: { fields: [], success: null, successReason: '', analysedBy: 'x' } }), makeReport(4),
  ], 4));
  renderScreen(<SummaryReportScreen />, user);
  await screen.findByRole('row', { name: /Lead 1/ });
  const success = (n: number) => within(screen.getByRole('row', { name: new RegExp(`Lead ${n}`) })).getAllByRole('cell')[8]!.textContent;
  expect(screen.getByRole('columnheader', { name: 'Success' })).toBeInTheDocument();
  expect([1, 2, 3, 4].map(success)).toEqual(['Yes', 'No', 'N/A', 'N/A']);
  await userEvent.hover(within(screen.getByRole('row', { name: /Lead 2/ })).getByText('No', { selector: '.ant-tag' }));
  expect(await screen.findByRole('tooltip')).toHaveTextContent('No appointment was booked on the call.');
});

test('exports the summaries as CSV, with the success and the analysis fields as name=value pairs', async () => {
  const downloads = captureDownloads();
  stubFetch(() => ok([makeReport(1), makeReport(2, ANALYSED)], 2));
  renderScreen(<SummaryReportScreen />, user);
  await screen.findByRole('row', { name: /Lead 1/ });
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(downloads.names).toEqual(['call-summaries.csv']));
  const lines = (await downloads.text()).split('\r\n');
  expect(lines[0]).toBe('Started,Lead,Direction,Status,Handled by,Summary,Sentiment,Outcome,Appointment booked,Success,Success reason,Analysis');
  expect(lines[1]).toBe('"Mar 10, 2026, 10:00 AM",Lead 1,inbound,completed,Front Desk,Summary 1,positive,appointment-booked,yes,,,');
  expect(lines[2]).toBe('"Mar 10, 2026, 10:00 AM",Lead 2,inbound,completed,Front Desk,Summary 2,positive,appointment-booked,yes,yes,'
    + 'An appointment was booked on the call.,Appointment=2026-03-12T15:30; Booked=yes; Outcome=Booked');
});
