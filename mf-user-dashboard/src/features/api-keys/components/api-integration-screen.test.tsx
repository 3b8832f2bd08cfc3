import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import type { ApiKey } from 'shared-contracts';
import { failure, makeUser, ok, renderScreen, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import { ApiIntegrationScreen } from './api-integration-screen';

const user = makeUser({ timeZone: 'America/New_York' });
const key = (n: number, overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: `70000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name: `Key ${n}`, prefix: `ak_live_ab${n}`,
  createdAt: '2026-03-10T14:00:00.000Z', lastUsedAt: null, expiresAt: null, revokedAt: null, ...overrides,
});
const ui = <SnackbarProvider><ApiIntegrationScreen /></SnackbarProvider>;
type Handler = (r: SentRequest) => StubReply | Promise<StubReply>;
const api = ({ list = () => ok([key(1)]), create = () => ok({ apiKey: key(2), secret: 'ak_live_SECRET' }), revoke = () => ok(key(1, { revokedAt: '2026-03-11T00:00:00.000Z' })) }: { list?: Handler; create?: Handler; revoke?: Handler }) =>
  stubFetch((r) => (r.url.pathname.includes('/webhook/') ? ok([]) : r.url.pathname.endsWith('api-key/create') ? create(r) : r.url.pathname.includes('api-key/revoke') ? revoke(r) : list(r)));

// The whole page (keys, quick start and webhooks) renders in each test: role queries over it are slow in jsdom.
jest.setTimeout(120_000);
afterEach(() => jest.restoreAllMocks());

test('lists the keys by prefix only, with their state', async () => {
  api({ list: () => ok([key(1), key(3, { revokedAt: '2026-03-11T00:00:00.000Z' })]) });
  renderScreen(ui, user);
  expect(screen.getByRole('region', { name: 'API keys' })).toHaveAttribute('aria-busy', 'true');
  const active = await screen.findByRole('row', { name: /Key 1/ });
  expect(within(active).getAllByRole('cell').map((c) => c.textContent).slice(0, 6)).toEqual(['Key 1', 'ak_live_ab1…', 'Mar 10, 2026, 10:00 AM', 'Never', 'Never', 'Active']);
  const revoked = screen.getByRole('row', { name: /Key 3/ });
  expect(revoked).toHaveTextContent('Revoked');
  expect(within(revoked).queryByRole('button', { name: /Revoke/ })).toBeNull();
});

test('empty and error states', async () => {
  let fail = true;
  api({ list: () => (fail ? failure(500, 'Keys unavailable') : ok([])) });
  renderScreen(ui, user);
  expect(await screen.findByText('Keys unavailable')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: /retry/i }));
  expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
});

test('creates a key and shows its secret once, until dismissed; a refusal is shown', async () => {
  let refuse = false;
  const { requests } = api({ create: () => (refuse ? failure(400, 'You can have at most 10 active API keys; revoke one first') : ok({ apiKey: key(2), secret: 'ak_live_SECRET' })) });
  renderScreen(ui, user);
  await screen.findByRole('row', { name: /Key 1/ });
  fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'CRM sync' } });
  await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
  expect(await screen.findByText('Copy your new key now: it will not be shown again')).toBeInTheDocument();
  expect(screen.getByText('ak_live_SECRET')).toBeInTheDocument();
  expect(requests.find((r) => r.url.pathname.endsWith('api-key/create'))!.body).toEqual({ name: 'CRM sync', expiresInDays: null });
  await userEvent.click(screen.getByRole('button', { name: 'I have copied the key' }));
  expect(screen.queryByText('ak_live_SECRET')).toBeNull();

  refuse = true;
  fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'Eleventh' } });
  await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('You can have at most 10 active API keys; revoke one first');
});

test('revokes a key after confirming', async () => {
  const { requests } = api({});
  renderScreen(ui, user);
  await userEvent.click(await screen.findByRole('button', { name: 'Revoke Key 1' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
  expect(await screen.findByText('Key 1 revoked')).toBeInTheDocument();
  expect(requests.filter((r) => r.url.pathname.includes('revoke')).map((r) => r.url.pathname)).toEqual([`/v1/api-key/revoke/${key(1).id}`]);
});

test('an expiry below one day is refused under its field as typed, and no key is created', async () => {
  const { requests } = api({});
  renderScreen(ui, user);
  await screen.findByRole('row', { name: /Key 1/ });
  fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'CRM sync' } });
  await userEvent.type(screen.getByLabelText('Expires after (days)'), '-5');
  await userEvent.click(screen.getByRole('button', { name: 'Create key' }));

  expect(screen.getByLabelText('Expires after (days)')).toHaveValue('-5');
  expect(screen.getByLabelText('Expires after (days)')).toHaveAccessibleDescription('Expiry must be from 1 to 365 days');
  expect(requests.some((r) => r.url.pathname.endsWith('api-key/create'))).toBe(false);

  await userEvent.clear(screen.getByLabelText('Expires after (days)'));
  await userEvent.type(screen.getByLabelText('Expires after (days)'), '30');
  await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
  expect(await screen.findByText('Copy your new key now: it will not be shown again')).toBeInTheDocument();
  expect(requests.find((r) => r.url.pathname.endsWith('api-key/create'))!.body).toEqual({ name: 'CRM sync', expiresInDays: 30 });
});

test('shows the public base URL and the reference, and an example request that uses a new key while it is shown', async () => {
  api({});
  renderScreen(ui, user);
  await screen.findByRole('row', { name: /Key 1/ });
  expect(screen.getByLabelText('Base URL')).toHaveTextContent('http://api.test/v1');
  expect(screen.getByLabelText('Account ID')).toHaveTextContent(user.accountId);
  expect(screen.getByRole('link', { name: /API reference/ })).toHaveAttribute('href', 'http://api.test/v1/reference');
  const example = () => screen.getByLabelText('Example request').textContent;
  expect(example()).toBe([
    'curl -X POST http://api.test/v1/call/get-call-logs \\',
    '  -H "Authorization: Bearer ak_live_YOUR_KEY" \\',
    '  -H "Content-Type: application/json" \\',
    `  -d '{"page":1,"limit":10}'`,
  ].join('\n'));

  fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'CRM sync' } });
  await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
  expect(await screen.findByText('Try your new key')).toBeInTheDocument();
  expect(example()).toContain('-H "Authorization: Bearer ak_live_SECRET"');

  await userEvent.click(screen.getByRole('button', { name: 'I have copied the key' }));
  expect(example()).toContain('ak_live_YOUR_KEY');
  expect(example()).not.toContain('ak_live_SECRET');
});
