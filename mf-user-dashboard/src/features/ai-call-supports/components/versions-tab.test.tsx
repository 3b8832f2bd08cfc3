import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { AGENT_SETTING_NAMES, type AgentVersion, type AgentVersionSummary } from 'shared-contracts';
import { failure, makeUser, ok, renderScreen, stubFetch, type SentRequest } from 'shared-auth/src/testing';
import { VersionsTab } from './versions-tab';
import { agentId, makeAgent } from '../test-support/agent-fixtures';

const user = makeUser();
const id = agentId(9);

jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

const agent = makeAgent({ id, version: 3, greeting: 'Hi there!' });
const owner = { name: 'Ada Lovelace', email: 'ada@example.com' };
const summary = (version: number, changed: string[], overrides: Partial<AgentVersionSummary> = {}): AgentVersionSummary => ({
  version, changed, createdAt: `2026-03-0${version}T15:00:00.000Z`, savedBy: owner, current: false, ...overrides,
});
const VERSIONS = [
  summary(3, ['greeting'], { current: true }),
  summary(2, ['greeting', 'maxCallMinutes', 'workingHours']),
  summary(1, [...AGENT_SETTING_NAMES], { savedBy: null, changed: [] }),
];
const settingsOf = ({ version: _v, id: _id, ...rest }: ReturnType<typeof makeAgent>) => {
  const picked = Object.fromEntries(AGENT_SETTING_NAMES.map((name) => [name, rest[name]]));
  return picked as AgentVersion['settings'];
};
const versionOne: AgentVersion = {
  ...VERSIONS[2]!, settings: settingsOf(makeAgent({ greeting: 'Hello, Acme Dental.', maxCallMinutes: 10, workingHours: null })),
};
const versionThree: AgentVersion = {
  ...VERSIONS[0]!,
  settings: settingsOf(makeAgent({ greeting: 'Hi there!', maxCallMinutes: 15, workingHours: { days: ['mon', 'tue'], start: '09:00', end: '17:00' } })),
};

function respond(r: SentRequest) {
  const path = r.url.pathname;
  if (path === `/v1/agent/get-agent-versions/${id}`) return ok(VERSIONS);
  if (path === `/v1/agent/get-agent-version/${id}`) return ok(r.url.searchParams.get('version') === '1' ? versionOne : versionThree);
  if (path === `/v1/agent/restore-agent-version/${id}`) return ok(makeAgent({ id, version: 4 }));
  return ok(agent);
}

const version = (n: number) => screen.findByRole('listitem', { name: `Version ${n}` });

test('lists each version with who saved it and what it changed, in words', async () => {
  stubFetch(respond);
  renderScreen(<SnackbarProvider><VersionsTab agent={agent} /></SnackbarProvider>, user);
  const three = await version(3);
  expect(within(three).getByText('Current')).toBeInTheDocument();
  expect(within(three).getByText('Changed: Greeting')).toBeInTheDocument();
  expect(within(three).getByText(/Saved by Ada Lovelace/)).toBeInTheDocument();
  expect(within(three).queryByRole('button', { name: 'Restore version 3' })).toBeNull();
  expect(within(await version(2)).getByText('Changed: Greeting, Maximum call length, Working hours')).toBeInTheDocument();
  const one = await version(1);
  expect(within(one).getByText('Settings when the version history began')).toBeInTheDocument();
  expect(within(one).getByText(/Saved before the version history/)).toBeInTheDocument();
});

test('two versions picked are compared on the settings that differ, older on the left', async () => {
  stubFetch(respond);
  renderScreen(<SnackbarProvider><VersionsTab agent={agent} /></SnackbarProvider>, user);
  await userEvent.click(within(await version(3)).getByRole('checkbox', { name: 'Compare version 3' }));
  expect(screen.queryByRole('table')).toBeNull();
  await userEvent.click(within(await version(1)).getByRole('checkbox', { name: 'Compare version 1' }));

  const table = await screen.findByRole('table', { name: 'Version 1 and version 3 compared' });
  const rows = within(table).getAllByRole('row').slice(1).map((row) => Array.from(row.children, (c) => c.textContent));
  expect(rows).toEqual([
    ['Greeting', 'Hello, Acme Dental.', 'Hi there!'],
    ['Maximum call length', '10 minutes', '15 minutes'],
    ['Working hours', 'Not set', 'mon, tue, 09:00–17:00'],
  ]);
});

test('restoring asks first, then saves the version as a new one and says so', async () => {
  const { requests } = stubFetch(respond);
  renderScreen(<SnackbarProvider><VersionsTab agent={agent} /></SnackbarProvider>, user);
  await userEvent.click(within(await version(2)).getByRole('button', { name: 'Restore version 2' }));
  expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  expect(await screen.findByText('Restore version 2?')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Restore' }));

  expect(await screen.findByText('Version 2 restored as version 4')).toBeInTheDocument();
  const restore = requests.find((r) => r.method === 'POST')!;
  expect(restore.url.pathname).toBe(`/v1/agent/restore-agent-version/${id}`);
  expect(restore.body).toEqual({ version: 2 });
  // The list is read again to show the new version.
  expect(requests.filter((r) => r.url.pathname === `/v1/agent/get-agent-versions/${id}`).length).toBeGreaterThan(1);
});

test('a refused restore shows why', async () => {
  stubFetch((r) => (r.method === 'POST' ? failure(500, 'Restoring is down') : respond(r)));
  renderScreen(<SnackbarProvider><VersionsTab agent={agent} /></SnackbarProvider>, user);
  await userEvent.click(within(await version(1)).getByRole('button', { name: 'Restore version 1' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Restore' }));
  expect(await screen.findByText('Restoring is down')).toBeInTheDocument();
});
