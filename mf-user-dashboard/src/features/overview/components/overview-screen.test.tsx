import { failure, makeUser, never, ok, renderScreen, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agentStatusesAtom, authStore } from 'shared-auth';
import { OverviewScreen } from './overview-screen';
import { agentId, emptyStats, makeOverview, makeStats } from '../test-support/overview-fixtures';
import { freeBilling, paidBilling } from '../../billing/test-support/billing-fixtures';

const user = makeUser({ timeZone: 'America/New_York' });

type Reply = StubReply | Promise<StubReply>;
const route = (stats: (r: SentRequest) => Reply, overview: (r: SentRequest) => Reply, billing: (r: SentRequest) => Reply = () => ok(freeBilling())) =>
  stubFetch((r) => (r.url.pathname.includes('/call/get-call-stats/') ? stats(r)
    : r.url.pathname.includes('/users/get-billing-information/') ? billing(r) : overview(r)));

const statsRequests = (requests: SentRequest[]) => requests.filter((r) => r.url.pathname.includes('get-call-stats'));

afterEach(() => jest.restoreAllMocks());

test('asks for the signed-in account and shows loading states meanwhile', () => {
  const { requests } = route(never, never);
  renderScreen(<OverviewScreen />, user);
  expect(screen.getByRole('heading', { name: 'Overview' })).toBeInTheDocument();
  expect(screen.getByText('Loading call statistics…')).toBeInTheDocument();
  expect(screen.getByText('Loading human agents…')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'AI agents' })).toHaveAttribute('aria-busy', 'true');
  expect(requests.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`).sort()).toEqual([
    `GET /v1/agent/get-agents-overview/${user.accountId}`,
    `GET /v1/call/get-call-stats/${user.accountId}`,
    `GET /v1/users/get-billing-information/${user.accountId}`,
  ]);
});

test('a failed renewal charge is told on the overview too, with the date the card is tried again', async () => {
  route(() => ok(emptyStats()), () => ok(makeOverview()), () => ok(paidBilling({
    status: 'past_due', paymentFailure: { failedAt: '2026-03-10T15:00:00.000Z', nextAttemptAt: '2026-03-13T15:00:00.000Z' },
  })));
  renderScreen(<OverviewScreen />, user);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Your payment failed on Mar 10, 2026');
  expect(alert).toHaveTextContent('We will try your card again on Mar 13, 2026.');
});

test('shows the statistics, the 14-day chart, the AI agents and the human agents', async () => {
  jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-03-10T12:00:00.000Z'));
  const overview = makeOverview();
  overview.humanAgents[0] = { ...overview.humanAgents[0]!, status: 'busy', busyFrom: '2026-03-10T11:57:55.000Z' };
  route(() => ok(makeStats()), () => ok(overview));
  renderScreen(<OverviewScreen />, user);

  const tiles = await screen.findByRole('list', { name: 'Call statistics' });
  expect(within(tiles).getAllByRole('listitem').map((t) => t.getAttribute('aria-label'))).toEqual([
    'Total calls: 42', 'Inbound: 30', 'Outbound: 12', 'Answered: 35', 'Missed: 7', 'Avg duration: 00:02:35',
  ]);
  expect(screen.getByRole('img', { name: 'Calls per day, last 14 days' })).toBeInTheDocument();
  const chartTable = screen.getByRole('table', { name: 'Calls per day, last 14 days' });
  expect(within(chartTable).getByRole('row', { name: 'Mar 14 7 2' })).toBeInTheDocument();

  const aiTable = await screen.findByRole('region', { name: 'AI agents' });
  const frontDesk = within(aiTable).getByRole('row', { name: /Front Desk/ });
  expect(within(frontDesk).getAllByRole('cell').map((c) => c.textContent)).toEqual([
    'Front Desk', 'Inbound', '+15551230001', 'On', '31', 'Mar 10, 2026, 11:30 AM',
  ]);
  const followUp = within(aiTable).getByRole('row', { name: /Follow Up/ });
  expect(within(followUp).getAllByRole('cell').map((c) => c.textContent)).toEqual([
    'Follow Up', 'Inbound & outbound', 'Not assigned', 'Off', '0', 'Never',
  ]);
  expect(screen.getByText('2 agents · 1 active campaign')).toBeInTheDocument();

  const humans = screen.getByRole('list', { name: 'Human agents' });
  expect(within(humans).getByRole('listitem', { name: 'Grace Hopper' })).toHaveTextContent('Busy');
  expect(within(humans).getByRole('listitem', { name: 'Grace Hopper' })).toHaveTextContent('busy for 00:02:05');
  expect(within(humans).getByRole('listitem', { name: 'Alan Turing' })).toHaveTextContent('Offline');
  expect(within(humans).getByRole('listitem', { name: 'Alan Turing' })).not.toHaveTextContent('busy for');
});

test('takes a human agent\'s status from the live socket updates over the stored one', async () => {
  jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-03-10T12:00:00.000Z'));
  route(() => ok(makeStats()), () => ok(makeOverview()));
  renderScreen(<OverviewScreen />, user);
  const alan = await screen.findByRole('listitem', { name: 'Alan Turing' });
  expect(alan).toHaveTextContent('Offline');

  act(() => authStore.set(agentStatusesAtom, { [agentId(11)]: { status: 'busy', busyFrom: '2026-03-10T11:59:30.000Z', awayReason: null, since: '2026-03-10T11:59:30.000Z' } }));
  expect(alan).toHaveTextContent('Busy');
  expect(alan).toHaveTextContent('busy for 00:00:30');
  expect(screen.getByRole('listitem', { name: 'Grace Hopper' })).toHaveTextContent('Available');

  // An agent who steps away shows why, and for how long.
  act(() => authStore.set(agentStatusesAtom, { [agentId(10)]: { status: 'away', busyFrom: null, awayReason: 'lunch', since: '2026-03-10T11:48:00.000Z' } }));
  const grace = screen.getByRole('listitem', { name: 'Grace Hopper' });
  expect(grace).toHaveTextContent('Away · Lunch');
  expect(grace).toHaveTextContent('away for 00:12:00');
});

test('says so when there are no calls and no agents', async () => {
  route(() => ok(emptyStats()), () => ok(makeOverview({ totalAgents: 0, activeCampaigns: 0, agents: [], humanAgents: [] })));
  renderScreen(<OverviewScreen />, user);
  expect(await screen.findByText('No calls in the last 14 days')).toBeInTheDocument();
  expect(screen.getByRole('listitem', { name: 'Total calls: 0' })).toBeInTheDocument();
  expect(screen.queryByRole('img', { name: /Calls per day/ })).toBeNull();
  expect(await screen.findByText('No AI agents yet')).toBeInTheDocument();
  expect(screen.getByText('No human agents yet')).toBeInTheDocument();
});

test('shows the server\'s error and loads again on Retry', async () => {
  let fail = true;
  const { requests } = route(
    () => (fail ? failure(500, 'Stats are unavailable') : ok(makeStats())),
    () => (fail ? failure(503, 'Agents are unavailable') : ok(makeOverview())),
  );
  renderScreen(<OverviewScreen />, user);

  expect(await screen.findByText('Stats are unavailable')).toBeInTheDocument();
  expect(await screen.findAllByText('Agents are unavailable')).toHaveLength(2);
  const alerts = () => document.querySelectorAll('[role="alert"]');
  expect(alerts()).toHaveLength(3);

  fail = false;
  const before = requests.length;
  await userEvent.click(screen.getAllByRole('button', { name: /retry/i })[0]!);
  expect(await screen.findByText('Total calls')).toBeInTheDocument();
  expect(statsRequests(requests.slice(before))).toHaveLength(1);
  expect(alerts()).toHaveLength(2);

  await userEvent.click(screen.getAllByRole('button', { name: /retry/i })[0]!);
  expect(await screen.findByText('Front Desk')).toBeInTheDocument();
  expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
  expect(alerts()).toHaveLength(0);
});

test('the direction filter asks for one direction and charts only it', async () => {
  const { requests } = route(() => ok(makeStats()), () => ok(makeOverview()));
  renderScreen(<OverviewScreen />, user);
  await screen.findByRole('img', { name: /Calls per day/ });
  expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
  expect(screen.getByRole('columnheader', { name: 'Outbound' })).toBeInTheDocument();

  const direction = screen.getByRole('radiogroup', { name: 'Call direction' });
  await userEvent.click(within(direction).getByText('Inbound'));
  await waitFor(() => expect(statsRequests(requests).at(-1)!.url.searchParams.get('direction')).toBe('inbound'));
  await screen.findByRole('img', { name: /Calls per day/ });
  const chartTable = screen.getByRole('table', { name: /Calls per day/ });
  expect(within(chartTable).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Category', 'Inbound']);

  await userEvent.click(within(direction).getByText('Outbound'));
  await waitFor(() => expect(statsRequests(requests).at(-1)!.url.searchParams.get('direction')).toBe('outbound'));

  await userEvent.click(within(direction).getByText('All'));
  await waitFor(() => expect(statsRequests(requests).at(-1)!.url.search).toBe(''));
  expect(statsRequests(requests).map((r) => r.url.searchParams.get('direction'))).toEqual([null, 'inbound', 'outbound', null]);
});
