import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { RealtimeProvider, setToken } from 'shared-auth';
import { CAMPAIGN_PAUSED_TEXT, featureNeedsPlanText } from 'shared-contracts';
import {
  FakeWebSocket, failure, installFakeWebSocket, makeUser, never, ok, renderScreen, stubFetch, type SentRequest, type StubReply,
} from 'shared-auth/src/testing';
import { AgentListScreen } from './agent-list-screen';
import { agentId, makeAgent } from '../test-support/agent-fixtures';

const user = makeUser({ timeZone: 'America/New_York' });
const ui = <SnackbarProvider><AgentListScreen /></SnackbarProvider>;
const noLeads = { total: 0, called: 0, answered: 0, remaining: 0 };
const list = () => [
  { ...makeAgent(), campaign: noLeads },
  {
    ...makeAgent({ id: agentId(2), name: 'Follow Up', handleCallType: 'both', phoneNumber: null, campaignActive: true, createdAt: '2026-03-02T15:00:00.000Z' }),
    campaign: { total: 3, called: 2, answered: 1, remaining: 1 },
  },
];

const overview = (aiAgentLimit: number | null) => ({
  account: { id: user.accountId, name: 'Acme', plan: aiAgentLimit === null ? 'efficiency-plus' : 'free', createdAt: '2026-01-01T00:00:00.000Z' },
  usage: { periodStart: '2026-03-01T05:00:00.000Z', periodEnd: '2026-04-01T04:00:00.000Z', timeZone: 'America/New_York', minutesUsed: 0, minuteQuota: 100 },
  aiAgentCount: 2, aiAgentLimit, humanAgentCount: 0, callsThisMonth: 0,
});

afterEach(() => jest.restoreAllMocks());

test('asks for the account\'s agents and shows a loading table meanwhile', () => {
  const { requests } = stubFetch(never);
  renderScreen(ui, user);
  expect(screen.getByRole('heading', { name: 'AI Call Supports' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'AI call supports' })).toHaveAttribute('aria-busy', 'true');
  expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
    `GET /v1/agent/get-agents/${user.accountId}`, `GET /v1/account/get-account-overview/${user.accountId}`,
  ]);
});

test('lists the agents with their number, campaign switch and date', async () => {
  stubFetch(() => ok(list()));
  renderScreen(ui, user);
  const row = await screen.findByRole('row', { name: /Follow Up/ });
  const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
  expect(cells.slice(0, 3)).toEqual(['Follow Up', 'Inbound & outbound', 'Not assigned']);
  expect(cells[4]).toBe('Mar 2, 2026, 10:00 AM');
  expect(within(row).getByRole('switch', { name: 'Campaign of Follow Up' })).toBeChecked();
  expect(screen.getByRole('link', { name: 'Front Desk' })).toHaveAttribute('href', `/dashboard/ai-call-supports/edit/${agentId(1)}`);
});

test('says so when there are no agents', async () => {
  stubFetch(() => ok([]));
  renderScreen(ui, user);
  expect(await screen.findByText('No AI call supports yet. Create one to answer your calls.')).toBeInTheDocument();
});

test('shows the error and loads again on Retry', async () => {
  let fail = true;
  stubFetch(() => (fail ? failure(500, 'Agents are unavailable') : ok(list())));
  renderScreen(ui, user);
  expect(await screen.findByText('Agents are unavailable')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: /retry/i }));
  expect(await screen.findByRole('row', { name: /Front Desk/ })).toBeInTheDocument();
});

const routes = (handlers: Record<string, (r: SentRequest) => StubReply>) => (r: SentRequest) => {
  const key = Object.keys(handlers).find((k) => r.url.pathname.includes(k));
  return key ? handlers[key]!(r) : ok(list());
};

test('on the free plan, shows how many agents of the cap are used and explains a disabled Create at the cap', async () => {
  let cap = 3;
  stubFetch(routes({ 'get-account-overview': () => ok(overview(cap)) }));
  const { unmount } = renderScreen(ui, user);
  expect(await screen.findByText('2 of 3 agents')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Create AI Call Support/ })).toBeEnabled();
  unmount();

  cap = 2;
  renderScreen(ui, user);
  expect(await screen.findByText('2 of 2 agents')).toBeInTheDocument();
  const create = screen.getByRole('button', { name: /Create AI Call Support/ });
  expect(create).toBeDisabled();
  expect(create).toHaveAccessibleDescription('You can only have 2 agents in the free plan. Delete one or upgrade your plan to add another.');
});

test('on a paid plan there is no agent count and Create is open', async () => {
  stubFetch(routes({ 'get-account-overview': () => ok(overview(null)) }));
  renderScreen(ui, user);
  await screen.findByRole('row', { name: /Follow Up/ });
  expect(screen.queryByText(/ of \d+ agents/)).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Create AI Call Support/ })).toBeEnabled();
});

test('duplicate posts the agent id, toasts the copy and reloads; the free-plan refusal is shown', async () => {
  let capReached = false;
  const { requests } = stubFetch(routes({
    'duplicate-agent': () => (capReached
      ? failure(400, 'You can only have 3 agents in the free plan')
      : ok(makeAgent({ id: agentId(3), name: 'Front Desk (copy)' }))),
  }));
  renderScreen(ui, user);
  await userEvent.click(await screen.findByRole('button', { name: 'Duplicate Front Desk' }));
  expect(await screen.findByText('Front Desk duplicated as Front Desk (copy)')).toBeInTheDocument();
  const dup = requests.find((r) => r.url.pathname.endsWith('/agent/duplicate-agent'))!;
  expect(dup.body).toEqual({ agentId: agentId(1) });
  await waitFor(() => expect(requests.filter((r) => r.url.pathname.includes('get-agents')).length).toBe(2));

  capReached = true;
  await userEvent.click(screen.getByRole('button', { name: 'Duplicate Front Desk' }));
  expect(await screen.findByText('You can only have 3 agents in the free plan')).toBeInTheDocument();
});

test('delete asks first, then deletes and reloads', async () => {
  const { requests } = stubFetch(routes({ 'delete-agent': () => ok({ id: agentId(2) }) }));
  renderScreen(ui, user);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Follow Up' }));
  expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  expect(await screen.findByText('Delete Follow Up?')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Follow Up deleted')).toBeInTheDocument();
  expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([`/v1/agent/delete-agent/${agentId(2)}`]);
});

test('the campaign switch toggles the campaign and shows a refusal', async () => {
  const withDialer = () => [...list(), { ...makeAgent({ id: agentId(3), name: 'Dialer', handleCallType: 'outbound', phoneNumber: null }), campaign: noLeads }];
  const { requests } = stubFetch(routes({
    'get-agents': () => ok(withDialer()),
    'toggle-campaign': (r) => ((r.body as { status: boolean }).status
      ? failure(403, featureNeedsPlanText('bulkOutboundCall'))
      : ok({ agentId: agentId(2), campaignActive: false })),
  }));
  renderScreen(ui, user);
  await userEvent.click(await screen.findByRole('switch', { name: 'Campaign of Follow Up' }));
  expect(await screen.findByText('Campaign paused')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('switch', { name: 'Campaign of Dialer' }));
  expect(await screen.findByText('Your plan does not include bulk outbound calls; it comes with the Efficiency Plus plan and higher')).toBeInTheDocument();
  expect(requests.filter((r) => r.url.pathname.endsWith('toggle-campaign')).map((r) => r.body)).toEqual([
    { agentId: agentId(2), status: false }, { agentId: agentId(3), status: true },
  ]);
});

test('an agent that only answers calls has no campaign switch', async () => {
  stubFetch(() => ok(list()));
  renderScreen(ui, user);
  const row = await screen.findByRole('row', { name: /Front Desk/ });
  expect(within(row).queryByRole('switch')).not.toBeInTheDocument();
  expect(within(row).getByText('Answers calls only')).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Campaign of Follow Up' })).toBeInTheDocument();
});

test('shows each outbound campaign\'s progress and opens its leads; an inbound agent has neither', async () => {
  stubFetch(routes({ 'get-campaign-leads': () => ok([], 0) }));
  renderScreen(ui, user);
  expect(await screen.findByLabelText('Campaign progress of Follow Up')).toHaveTextContent('Called 2 of 3 · 1 answered · 1 left');
  expect(screen.queryByLabelText('Campaign progress of Front Desk')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Campaign leads of Front Desk' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Campaign leads of Follow Up' }));
  expect(await screen.findByRole('dialog', { name: 'Campaign leads of Follow Up' })).toBeInTheDocument();
  expect(await screen.findByText('No leads in this campaign yet. Pick some or upload a CSV.')).toBeInTheDocument();
});

test('a campaign its plan paused says why and links to the plans page', async () => {
  stubFetch(() => ok([{ ...list()[1]!, campaignActive: false, campaignPausedReason: 'plan' }]));
  renderScreen(ui, user);
  const row = await screen.findByRole('row', { name: /Follow Up/ });
  expect(within(row).getByRole('switch', { name: 'Campaign of Follow Up' })).not.toBeChecked();
  const notice = within(row).getByRole('status');
  expect(notice).toHaveTextContent('Campaign paused: your plan no longer includes bulk outbound calls. It resumes when you upgrade.');
  expect(notice).toHaveTextContent(CAMPAIGN_PAUSED_TEXT.plan);
  expect(within(notice).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/dashboard/subscription-plans');
});

test('progress and pauses arrive over the socket and change the row in place, with no polling', async () => {
  installFakeWebSocket();
  setToken('session-token');
  const { requests } = stubFetch(() => ok(list()));
  renderScreen(<RealtimeProvider>{ui}</RealtimeProvider>, user);
  expect(await screen.findByLabelText('Campaign progress of Follow Up')).toHaveTextContent('Called 2 of 3 · 1 answered · 1 left');
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpens());
  act(() => socket.serverSends({
    type: 'CAMPAIGN_UPDATED', agentId: agentId(2), campaignActive: true, campaignPausedReason: null, progress: { total: 3, called: 3, answered: 2, remaining: 0 },
  }));
  expect(await screen.findByLabelText('Campaign progress of Follow Up')).toHaveTextContent('Called 3 of 3 · 2 answered · 0 left');
  act(() => socket.serverSends({
    type: 'CAMPAIGN_UPDATED', agentId: agentId(2), campaignActive: false, campaignPausedReason: 'plan', progress: { total: 3, called: 3, answered: 2, remaining: 0 },
  }));
  expect(await screen.findByText(/Campaign paused: your plan no longer includes bulk outbound calls/)).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Campaign of Follow Up' })).not.toBeChecked();
  expect(requests.filter((r) => r.url.pathname.includes('get-agents'))).toHaveLength(1);
});
