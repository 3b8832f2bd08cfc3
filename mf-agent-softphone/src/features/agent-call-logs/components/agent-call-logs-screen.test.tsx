import { failure, makeUser, never, ok, renderScreen, settled, stubFetch, type SentRequest } from 'shared-auth/src/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitServerMessage } from 'shared-auth/src/realtime/server-message-listeners';
import { AgentCallLogsScreen } from './agent-call-logs-screen';
import { makeCallLog } from '../test-support/call-log-fixtures';

const agent = makeUser({ role: 'AGENT', timeZone: 'America/Los_Angeles' });
const bodies = (requests: SentRequest[]) => requests.map((r) => r.body);
const lastBody = (requests: SentRequest[]) => requests.at(-1)?.body;

afterEach(() => jest.useRealTimers());

test('asks for the first page and shows a loading table meanwhile', () => {
  const { requests } = stubFetch(never);
  renderScreen(<AgentCallLogsScreen />, agent);
  expect(screen.getByRole('heading', { name: 'Call Logs' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Call logs' })).toHaveAttribute('aria-busy', 'true');
  expect(requests).toHaveLength(1);
  expect(requests[0]!.method).toBe('POST');
  expect(requests[0]!.url.href).toBe('http://api.test/v1/call/get-agent-call-logs');
  expect(requests[0]!.body).toEqual({ page: 1, limit: 10, search: '' });
});

test('shows each call in the agent\'s time zone with its duration as hh:mm:ss', async () => {
  stubFetch(() =>
    ok(
      [
        makeCallLog(),
        makeCallLog({ direction: 'outbound', status: 'missed', lead: null, durationSeconds: 42, fromNumber: '+15551239999', toNumber: '+15551230002' }),
      ],
      23,
    ),
  );
  renderScreen(<AgentCallLogsScreen />, agent);
  const table = await screen.findByRole('region', { name: 'Call logs' });
  await within(table).findByText('Grace Hopper');
  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Started', 'Direction', 'Lead', 'From', 'To', 'Status', 'Duration', 'Recording',
  ]);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
    'Mar 10, 2026, 8:30 AM', 'Inbound', 'Grace Hopper', '+15551230001', '+15551239999', 'Completed', '01:02:05', 'None',
  ]);
  expect(within(rows[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
    'Mar 10, 2026, 8:30 AM', 'Outbound', 'Unknown caller', '+15551239999', '+15551230002', 'Missed', '00:00:42', 'None',
  ]);
  expect(screen.getByText('23 calls')).toBeInTheDocument();
  const pager = screen.getByRole('navigation', { name: 'Pagination' });
  expect(within(pager).getAllByRole('button', { name: /^Page/ }).map((b) => b.textContent)).toEqual(['1', '2', '3']);
});

test('says there are no calls yet', async () => {
  stubFetch(() => ok([], 0));
  renderScreen(<AgentCallLogsScreen />, agent);
  expect(await screen.findByText('No calls yet')).toBeInTheDocument();
  expect(screen.getByText('0 calls')).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
});

test('shows the server\'s error and loads again on Retry', async () => {
  let fail = true;
  const { requests } = stubFetch(() => (fail ? failure(500, 'Call logs are unavailable') : ok([makeCallLog()], 1)));
  renderScreen(<AgentCallLogsScreen />, agent);
  expect(await screen.findByRole('alert')).toHaveTextContent('Call logs are unavailable');
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: /retry/i }));
  expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(bodies(requests)).toEqual([
    { page: 1, limit: 10, search: '' },
    { page: 1, limit: 10, search: '' },
  ]);
});

test('searches once the typing stops, from the first page', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { requests } = stubFetch(() => ok([makeCallLog()], 35));
  renderScreen(<AgentCallLogsScreen />, agent);
  await screen.findByText('Grace Hopper');
  await user.click(screen.getByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(lastBody(requests)).toEqual({ page: 2, limit: 10, search: '' }));

  await user.type(screen.getByRole('textbox', { name: 'Search call logs' }), ' grace ');
  expect(requests).toHaveLength(2);
  act(() => jest.advanceTimersByTime(300));
  await waitFor(() => expect(requests).toHaveLength(3));
  expect(lastBody(requests)).toEqual({ page: 1, limit: 10, search: 'grace' });
  await settled();
});

test('filters by direction from the first page, and pages through the results', async () => {
  const { requests } = stubFetch(() => ok([makeCallLog()], 35));
  renderScreen(<AgentCallLogsScreen />, agent);
  await screen.findByText('Grace Hopper');
  const pager = screen.getByRole('navigation', { name: 'Pagination' });

  await userEvent.click(within(pager).getByRole('button', { name: 'Page 4' }));
  await waitFor(() => expect(lastBody(requests)).toEqual({ page: 4, limit: 10, search: '' }));
  expect(within(pager).getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
  expect(within(pager).getByRole('button', { name: 'Next page' })).toBeDisabled();

  const direction = screen.getByRole('radiogroup', { name: 'Call direction' });
  await userEvent.click(within(direction).getByText('Outbound'));
  await waitFor(() => expect(lastBody(requests)).toEqual({ page: 1, limit: 10, search: '', direction: 'outbound' }));

  await userEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(lastBody(requests)).toEqual({ page: 2, limit: 10, search: '', direction: 'outbound' }));

  await userEvent.click(within(direction).getByText('All'));
  await waitFor(() => expect(lastBody(requests)).toEqual({ page: 1, limit: 10, search: '' }));
  await settled();
});

test('the logs are read again when the agent\'s own status changes (a call starts, ends or is wrapped up), not a colleague\'s', async () => {
  const { requests } = stubFetch(() => ok([makeCallLog()], 1));
  renderScreen(<AgentCallLogsScreen />, agent);
  await screen.findByText('Grace Hopper');
  expect(requests).toHaveLength(1);
  const status = (agentId: string) => act(() => emitServerMessage({ type: 'STATUS_UPDATED', agentId, status: 'available', busyFrom: null, awayReason: null, since: null }));
  status('00000000-0000-4000-8000-000000000999');
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(requests).toHaveLength(1);
  status(agent.id);
  await waitFor(() => expect(requests).toHaveLength(2));
});
