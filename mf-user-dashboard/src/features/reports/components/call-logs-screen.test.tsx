import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { failure, makeUser, never, ok, renderScreen, stubFetch } from 'shared-auth/src/testing';
import { CallLogsScreen } from './call-logs-screen';
import { captureDownloads, makeCallLog, messageTaken, rid } from '../test-support/report-fixtures';

const user = makeUser({ timeZone: 'America/New_York' });
const bodies = (requests: { url: URL; body: unknown }[]) => requests.filter((r) => r.url.pathname.endsWith('get-call-logs')).map((r) => r.body);

// antd tables render slowly in jsdom while the machine's 2 cores are shared.
jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

test('asks for the first page and shows a loading table', () => {
  const { requests } = stubFetch(never);
  renderScreen(<CallLogsScreen />, user);
  expect(screen.getByRole('region', { name: 'Call logs' })).toHaveAttribute('aria-busy', 'true');
  expect(bodies(requests)).toEqual([{ page: 1, limit: 10 }]);
});

test('shows each call with its lead, recording and conversation link, and pages', async () => {
  const { requests } = stubFetch((r) => ok([makeCallLog((r.body as { page: number }).page)], 25));
  renderScreen(<CallLogsScreen />, user);
  const row = await screen.findByRole('row', { name: /Lead 1/ });
  const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
  expect(cells.slice(0, 9)).toEqual(['Mar 10, 2026, 10:00 AM', 'Inbound', 'Lead 1', '+15557654321', '+15551230001', 'Completed', '00:01:35', 'Listen', 'Front Desk']);
  expect(within(row).getByRole('link', { name: 'Listen' })).toHaveAttribute('href', 'https://recordings.example.com/1.mp3');
  expect(within(row).getByRole('link', { name: 'View conversation of the call with Lead 1' })).toHaveAttribute('href', `/dashboard/calls/${rid(1)}/conversation`);

  await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  expect(await screen.findByRole('row', { name: /Lead 3/ })).toBeInTheDocument();
  expect(bodies(requests).at(-1)).toEqual({ page: 3, limit: 10 });
});

test('filters by direction and search, back on page 1', async () => {
  const { requests } = stubFetch(() => ok([makeCallLog(1)], 25));
  renderScreen(<CallLogsScreen />, user);
  await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
  await userEvent.click(screen.getByRole('combobox', { name: 'Direction' }));
  await userEvent.click(await screen.findByText('Outbound', { selector: '.ant-select-item-option-content' }));
  await waitFor(() => expect(bodies(requests).at(-1)).toEqual({ direction: 'outbound', page: 1, limit: 10 }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: ' ada ' } });
  await waitFor(() => expect(bodies(requests).at(-1)).toEqual({ direction: 'outbound', search: 'ada', page: 1, limit: 10 }));
});

test('filters by how the call ended and by slow turns', async () => {
  const { requests } = stubFetch(() => ok([makeCallLog(1)], 25));
  renderScreen(<CallLogsScreen />, user);
  await screen.findByRole('row', { name: /Lead 1/ });
  await userEvent.click(screen.getByRole('combobox', { name: 'Ended' }));
  await userEvent.click(await screen.findByText('The agent ended the call', { selector: '.ant-select-item-option-content' }));
  await waitFor(() => expect(bodies(requests).at(-1)).toEqual({ endReason: 'agentEnded', page: 1, limit: 10 }));
  await userEvent.click(screen.getByRole('checkbox', { name: /Slow turns/ }));
  await waitFor(() => expect(bodies(requests).at(-1)).toEqual({ endReason: 'agentEnded', slowTurns: true, page: 1, limit: 10 }));
  await userEvent.click(screen.getByRole('checkbox', { name: /Slow turns/ }));
  await waitFor(() => expect(bodies(requests).at(-1)).toEqual({ endReason: 'agentEnded', page: 1, limit: 10 }));
});

test('says so when no call matches', async () => {
  stubFetch(() => ok([], 0));
  renderScreen(<CallLogsScreen />, user);
  expect(await screen.findByText('No calls match these filters')).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
});

test('shows the error with Retry', async () => {
  let fail = true;
  stubFetch(() => (fail ? failure(500, 'Reports are down') : ok([makeCallLog(1)], 1)));
  renderScreen(<CallLogsScreen />, user);
  expect(await screen.findByText('Reports are down')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: /retry/i }));
  expect(await screen.findByRole('row', { name: /Lead 1/ })).toBeInTheDocument();
});

test('a long export shows how far it has read, and a report over 10,000 rows says the CSV holds the first 10,000', async () => {
  const downloads = captureDownloads();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  stubFetch(async (r) => {
    const { limit, page } = r.body as { limit: number; page: number };
    if (limit === 10) return ok([makeCallLog(1)], 10_250);
    if (page === 2) await held;
    return ok(Array.from({ length: 100 }, (_, i) => makeCallLog(page * 100 + i)), 10_250);
  });
  renderScreen(<SnackbarProvider><CallLogsScreen /></SnackbarProvider>, user);
  await screen.findByRole('row', { name: /Lead 1/ });
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  expect(await screen.findByRole('button', { name: /Exporting 100 of 10,000…/ })).toBeInTheDocument();
  release();
  await waitFor(() => expect(downloads.names).toEqual(['call-logs.csv']), { timeout: 20_000 });
  expect((await downloads.text()).trimEnd().split('\r\n')).toHaveLength(10_001);
  expect(await screen.findByText('The CSV holds the first 10,000 of 10,250 rows. Choose a shorter date range to export the rest.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
});

test('exports every matching call, page by page at 100 a page, as CSV', async () => {
  const downloads = captureDownloads();
  const { requests } = stubFetch((r) => {
    const { limit, page } = r.body as { limit: number; page: number };
    if (limit === 10) return ok([makeCallLog(1)], 150);
    const count = page === 1 ? 100 : 50;
    return ok(Array.from({ length: count }, (_, i) => makeCallLog(i, { lead: i === 0 ? null : makeCallLog(i).lead, ...(i === 1 ? messageTaken : {}) })), 150);
  });
  renderScreen(<CallLogsScreen />, user);
  await screen.findByRole('row', { name: /Lead 1/ });
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(downloads.names).toEqual(['call-logs.csv']));
  expect(bodies(requests).slice(1)).toEqual([{ page: 1, limit: 100 }, { page: 2, limit: 100 }]);
  const lines = (await downloads.text()).trimEnd().split('\r\n');
  expect(lines).toHaveLength(151);
  expect(lines[0]).toBe('Started,Direction,Status,From,To,Lead,Handled by,Duration (s),Recording URL,End reason,Callback name,Callback number,Callback reason');
  expect(lines[1]).toBe('"Mar 10, 2026, 10:00 AM",inbound,completed,+15557654321,+15551230001,,Front Desk,95,https://recordings.example.com/0.mp3,,,,');
  expect(lines[2]).toBe('"Mar 10, 2026, 10:00 AM",inbound,completed,+15557654321,+15551230001,Lead 1,Front Desk,95,https://recordings.example.com/1.mp3,'
    + 'Nobody was available: the agent took a message,Ada Caller,+15550001111,"Wants a call about her bill, today"');
});
