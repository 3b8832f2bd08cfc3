import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { makeUser, ok, renderScreen, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import type { AgentTestRun, AgentTestScenario } from 'shared-contracts';
import { TestsTab } from './tests-tab';
import { agentId, makeAgent } from '../test-support/agent-fixtures';

const user = makeUser({ timeZone: 'America/New_York' });
const agent = makeAgent({ id: agentId(7), name: 'Bakery' });
const scenarioId = '30000000-0000-4000-8000-000000000001';
const runId = '30000000-0000-4000-8000-000000000002';

const saturday: AgentTestScenario = {
  id: scenarioId, aiAgentId: agent.id, name: 'Saturday tasting', updatedAt: '2026-03-01T15:00:00.000Z',
  script: [{ say: 'Can I book a tasting on Saturday?' }, { keypad: '1' }],
  expectations: [{ kind: 'books', day: 'sat' }, { kind: 'never-says', text: 'sorry' }],
};

const run = (overrides: Partial<AgentTestRun> = {}): AgentTestRun => ({
  id: runId, aiAgentId: agent.id, agentVersion: 4, status: 'failed', total: 1, passed: 0, failed: 1,
  createdAt: '2026-03-01T15:00:00.000Z', finishedAt: '2026-03-01T15:00:05.000Z',
  results: [{
    scenarioId, name: 'Saturday tasting', passed: false, durationMs: 2_300, error: null, trace: null,
    transcript: [{ speaker: 'agent', text: 'Hello, Sunny Bakery.' }, { speaker: 'caller', text: 'Can I book a tasting on Saturday?' }, { speaker: 'agent', text: 'We do not book appointments on Saturdays.' }],
    expectations: [
      { expectation: { kind: 'books', day: 'sat' }, passed: false, detail: 'No appointment was booked' },
      { expectation: { kind: 'never-says', text: 'sorry' }, passed: true, detail: 'The agent never said "sorry"' },
    ],
  }],
  ...overrides,
});

type Handler = (r: SentRequest) => StubReply;
const api = ({ scenarios = [saturday], runs = [] as AgentTestRun[], getRun = (() => ok(run())) as Handler, extra = (() => undefined) as (r: SentRequest) => StubReply | undefined } = {}) =>
  stubFetch((r) => {
    const handled = extra(r);
    if (handled) return handled;
    if (r.url.pathname.includes('get-test-scenarios')) return ok(scenarios);
    if (r.url.pathname.includes('get-test-runs')) return ok(runs);
    if (r.url.pathname.includes('get-test-run/')) return getRun(r);
    return { status: 404, body: { type: 'NotFound', message: 'Not found' } };
  });

const ui = <SnackbarProvider><TestsTab agent={agent} /></SnackbarProvider>;

afterEach(() => jest.restoreAllMocks());

test('lists each scenario with the caller\'s lines and what the agent must do', async () => {
  api();
  renderScreen(ui, user);
  const item = await screen.findByRole('listitem', { name: 'Saturday tasting' });
  expect(item).toHaveTextContent('Caller: “Can I book a tasting on Saturday?” · presses 1');
  expect(item).toHaveTextContent('Expects: Books an appointment on Saturday; Never says “sorry”');
});

test('Run all queues a run, follows it while it plays, and highlights the expectation that failed', async () => {
  let reads = 0;
  const { requests } = api({
    extra: (r) => (r.url.pathname.includes('run-tests') ? ok(run({ status: 'queued', results: [], failed: 0 })) : undefined),
    getRun: () => {
      reads += 1;
      return ok(reads === 1 ? run({ status: 'running', results: [], failed: 0 }) : run());
    },
  });
  renderScreen(ui, user);
  await userEvent.click(await screen.findByRole('button', { name: 'Run all' }));
  expect(requests.some((r) => r.method === 'POST' && r.url.pathname === `/v1/agent/run-tests/${agent.id}`)).toBe(true);
  expect(await screen.findByRole('button', { name: 'Cancel run' })).toBeInTheDocument();

  const result = await screen.findByRole('listitem', { name: 'Saturday tasting: failed' }, { timeout: 4_000 });
  const [failed, passed] = within(within(result).getByRole('list', { name: 'Expectations' })).getAllByRole('listitem');
  expect(failed).toHaveAttribute('data-passed', 'false');
  expect(failed).toHaveTextContent('✗ Books an appointment on Saturday — No appointment was booked');
  expect(passed).toHaveAttribute('data-passed', 'true');
  expect(within(result).getByRole('list', { name: 'Test transcript' })).toHaveTextContent('Agent: We do not book appointments on Saturdays.');
  expect(screen.getByRole('region', { name: 'Test run' })).toHaveTextContent('0 passed, 1 failed · agent version 4');
  expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull();
});

test('a running run can be cancelled', async () => {
  const { requests } = api({
    runs: [run({ status: 'running', results: [], failed: 0 })],
    getRun: () => ok(run({ status: 'running', results: [], failed: 0 })),
    extra: (r) => (r.url.pathname.includes('cancel-test-run') ? ok(run({ status: 'cancelled', results: [], failed: 0 })) : undefined),
  });
  renderScreen(ui, user);
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel run' }));
  await waitFor(() => expect(requests.some((r) => r.url.pathname === `/v1/agent/cancel-test-run/${runId}`)).toBe(true));
});

test('a new scenario is checked like the server checks it, then saved', async () => {
  const { requests } = api({
    scenarios: [],
    extra: (r) => (r.url.pathname.includes('create-test-scenario') ? ok({ ...saturday, ...(r.body as object) }) : undefined),
  });
  renderScreen(ui, user);
  expect(await screen.findByRole('button', { name: 'Add suggested scenarios' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /Add scenario/ }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('Scenario name'), 'Weekend booking');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save scenario' }));
  expect(await within(dialog).findByText('A caller line cannot be empty')).toBeInTheDocument();
  expect(requests.some((r) => r.url.pathname.includes('create-test-scenario'))).toBe(false);

  await userEvent.type(within(dialog).getByLabelText('Step 1: words'), 'Book me in on Saturday');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save scenario' }));
  await waitFor(() => expect(requests.find((r) => r.url.pathname === `/v1/agent/create-test-scenario/${agent.id}`)?.body).toEqual({
    name: 'Weekend booking', script: [{ say: 'Book me in on Saturday' }], expectations: [{ kind: 'books', day: null }],
  }));
});
