import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DATE_RANGE_ORDER_TEXT, type DeskFigures, type DeskReport } from 'shared-contracts';
import { makeUser, ok, renderScreen, stubFetch } from 'shared-auth/src/testing';
import { captureDownloads } from '../../reports/test-support/report-fixtures';
import { DeskReportScreen } from './desk-report-screen';

const none: DeskFigures = {
  offered: 0, answered: 0, abandoned: 0, averageWaitSeconds: null, p90WaitSeconds: null, averageHandleSeconds: null, handedOver: 0, handedOverAnswered: 0,
};
const busyDay: DeskFigures = {
  offered: 4, answered: 3, abandoned: 1, averageWaitSeconds: 12, p90WaitSeconds: 40, averageHandleSeconds: 185, handedOver: 2, handedOverAnswered: 1,
};
const REPORT: DeskReport = {
  from: '2026-03-09', to: '2026-03-10', totals: busyDay,
  byDay: [{ date: '2026-03-09', ...none }, { date: '2026-03-10', ...busyDay }],
  byAgent: [
    { agentId: '30000000-0000-4000-8000-000000000001', fullName: 'Ada Agent', answered: 2, averageHandleSeconds: 200, dispositions: [{ disposition: 'Resolved', calls: 1 }, { disposition: null, calls: 1 }] },
    { agentId: '30000000-0000-4000-8000-000000000002', fullName: 'Bo Agent', answered: 1, averageHandleSeconds: 155, dispositions: [{ disposition: 'Callback', calls: 1 }] },
  ],
  dispositions: [{ disposition: 'Callback', calls: 1 }, { disposition: 'Resolved', calls: 1 }, { disposition: null, calls: 1 }],
};

afterEach(() => jest.restoreAllMocks());

test('shows the desk\'s figures, callers per day and each agent, and exports the days and the agents as CSV', async () => {
  const fetched = stubFetch(() => ok(REPORT));
  const downloads = captureDownloads();
  renderScreen(<DeskReportScreen />, makeUser());
  const figures = await screen.findByRole('list', { name: 'Desk figures' });
  const figure = (name: string) => within(figures).getByRole('listitem', { name }).textContent;
  expect(figure('Callers offered')).toBe('Callers offered4');
  expect(figure('Abandoned in queue')).toBe('Abandoned in queue1');
  expect(figure('Average wait')).toBe('Average wait00:00:12');
  expect(figure('90th percentile wait')).toBe('90th percentile wait00:00:40');
  expect(figure('Average handle time')).toBe('Average handle time00:03:05');
  expect(figure('Of them answered')).toBe('Of them answered1');
  expect(screen.getByRole('img', { name: /Callers per day/ })).toBeInTheDocument();
  expect(screen.getByText('Mar 9 to Mar 10')).toBeInTheDocument();
  const agents = screen.getByRole('region', { name: 'Desk by agent' });
  expect(within(agents).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
    'Ada Agent200:03:20Resolved 1 · Not wrapped up 1', 'Bo Agent100:02:35Callback 1',
  ]);
  expect(fetched.requests[0]!.body).toEqual({});

  await userEvent.click(screen.getByRole('button', { name: 'Export days (CSV)' }));
  await userEvent.click(screen.getByRole('button', { name: 'Export agents (CSV)' }));
  expect(downloads.names).toEqual(['desk-2026-03-09-2026-03-10.csv', 'desk-agents-2026-03-09-2026-03-10.csv']);
  expect((await downloads.text(0)).split('\r\n').slice(0, 3)).toEqual([
    'Date,Offered,Answered,Abandoned,Average wait (s),90th percentile wait (s),Average handle time (s),Handed over by AI agents,Handed over and answered',
    '2026-03-09,0,0,0,,,,0,0',
    '2026-03-10,4,3,1,12,40,185,2,1',
  ]);
  expect((await downloads.text(1)).split('\r\n')[1]).toBe('Ada Agent,2,200,Resolved: 1; Not wrapped up: 1');
});

test('a range that ends before it starts says so and asks for nothing', async () => {
  const fetched = stubFetch(() => ok(REPORT));
  renderScreen(<DeskReportScreen />, makeUser());
  await screen.findByRole('list', { name: 'Desk figures' });
  await userEvent.type(screen.getByLabelText('From date'), '2026-03-10');
  await userEvent.type(screen.getByLabelText('To date'), '2026-03-01');
  expect(await screen.findByRole('alert')).toHaveTextContent(DATE_RANGE_ORDER_TEXT);
  expect(fetched.requests.filter((r) => (r.body as { to?: string }).to === '2026-03-01')).toHaveLength(0);
  // Mended, the range is asked for.
  await userEvent.clear(screen.getByLabelText('To date'));
  await userEvent.type(screen.getByLabelText('To date'), '2026-03-12');
  await waitFor(() => expect(fetched.requests.at(-1)!.body).toEqual({ from: '2026-03-10', to: '2026-03-12' }));
});
