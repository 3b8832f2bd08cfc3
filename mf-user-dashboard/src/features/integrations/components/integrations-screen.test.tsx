import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { setSessionUser } from 'shared-auth';
import {
  INTEGRATION_AUTH_TYPE_BY_PROVIDER, INTEGRATION_CATALOGUE, INTEGRATION_CATEGORY_BY_PROVIDER,
  type IntegrationCatalogEntry, type IntegrationConnection,
} from 'shared-contracts';
import { failure, makeUser, never, ok, renderScreen, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import { IntegrationsScreen } from './integrations-screen';

const user = makeUser();
const ui = <SnackbarProvider><IntegrationsScreen /></SnackbarProvider>;
const catalogue: IntegrationCatalogEntry[] = INTEGRATION_CATALOGUE.map((i) => ({
  provider: i.provider, name: i.name, description: i.description, category: INTEGRATION_CATEGORY_BY_PROVIDER[i.provider], logoUrl: null,
  authType: INTEGRATION_AUTH_TYPE_BY_PROVIDER[i.provider],
  authorizeUrl: INTEGRATION_AUTH_TYPE_BY_PROVIDER[i.provider] === 'oauth' ? `http://api.test/v1/integrations/local-consent?provider=${i.provider}` : null,
  connectionId: null,
}));
const conn = (n: number, provider: IntegrationConnection['provider'], label: string | null = null): IntegrationConnection => ({
  id: `c0000000-0000-4000-8000-00000000000${n}`, provider, category: INTEGRATION_CATEGORY_BY_PROVIDER[provider],
  status: 'active', accountLabel: label, connectedAt: '2026-03-01T00:00:00.000Z',
});
const cinc = conn(1, 'cinc', 'API key ending 0001');
const google = conn(2, 'google-calendar', 'Google Calendar (local)');
const outlook = conn(3, 'outlook-calendar');
const connections = (...all: IntegrationConnection[]) => ({
  data: {
    connectedCRMIntegration: all.filter((c) => c.category === 'crm').map((c) => ({ id: c.id, provider: c.provider }))[0] ?? null,
    connectedCalendarIntegrations: all.filter((c) => c.category === 'calendar').map((c) => ({ id: c.id, provider: c.provider, accountLabel: c.accountLabel })),
    allConnections: all,
    connectionsByCategory: {},
  },
});

type Handler = (r: SentRequest) => StubReply | Promise<StubReply>;
const api = ({ list = () => ok(catalogue), conns = () => ok(connections()), connect = () => ok(cinc), disconnect = (r: SentRequest) => ok({ id: (r.body as { connectionId: string }).connectionId }) }:
  { list?: Handler; conns?: Handler; connect?: Handler; disconnect?: Handler }) =>
  stubFetch((r) => {
    const path = r.url.pathname;
    if (path.endsWith('/integrations/connect')) return connect(r);
    if (path.endsWith('/integrations/disconnect')) return disconnect(r);
    if (path.includes('/account/connections/')) return conns(r);
    return list(r);
  });

const cincStatus = () => screen.getByRole('status', { name: 'CINC status' });
const entry = (name: string) => screen.getByRole('group', { name });

jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

test('loading: asks for the catalogue and the account\'s connections and shows placeholders', () => {
  const { requests } = api({ list: never, conns: never });
  renderScreen(ui, user);
  expect(screen.getByRole('heading', { name: 'Integrations' })).toBeInTheDocument();
  expect(screen.getByText('Loading connections')).toBeInTheDocument();
  expect(screen.getByText('Loading integrations')).toBeInTheDocument();
  expect(requests.map((r) => `${r.method} ${r.url.pathname}`).sort()).toEqual([`GET /v1/account/connections/${user.accountId}`, 'GET /v1/integrations']);
});

test('empty: every integration by category, CINC not connected, no calendars', async () => {
  api({});
  renderScreen(ui, user);
  await waitFor(() => expect(cincStatus()).toHaveTextContent('Not connected'));
  expect(screen.getByRole('heading', { name: 'Connected calendars' })).toBeInTheDocument();
  for (const title of ['CRM', 'Calendars', 'Booking']) expect(screen.getByText(title)).toBeInTheDocument();
  expect(await within(entry('CINC')).findByRole('button', { name: 'Connect CINC' })).toBeEnabled();
  expect(within(entry('Google Calendar')).getByText('Not connected')).toBeInTheDocument();
  expect(screen.getByText('No calendars connected. Connect one above.')).toBeInTheDocument();
});

test('error: "Failed to fetch connections" with the empty state; Retry loads them', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let fail = true;
  api({ conns: () => (fail ? failure(500, 'Database down') : ok(connections(cinc))) });
  renderScreen(ui, user);
  expect(await screen.findByText('Failed to fetch connections')).toBeInTheDocument();
  expect(screen.queryByText('Database down')).toBeNull();
  expect(cincStatus()).toHaveTextContent('Not connected');
  expect(await within(entry('CINC')).findByRole('button', { name: 'Connect CINC' })).toBeDisabled();
  expect(console.error).toHaveBeenCalledWith('Failed to fetch connections', expect.anything());
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: /retry/i }));
  await waitFor(() => expect(cincStatus()).toHaveTextContent('Connected'));
  expect(screen.queryByText('Failed to fetch connections')).toBeNull();
});

test('data: CINC connected, connected calendars listed with their labels', async () => {
  api({ conns: () => ok(connections(cinc, google, outlook)) });
  renderScreen(ui, user);
  await waitFor(() => expect(cincStatus()).toHaveTextContent('Connected'));
  expect(await within(entry('CINC')).findByRole('button', { name: 'Disconnect CINC' })).toBeInTheDocument();
  expect(within(entry('CINC')).getByText(/API key ending 0001/)).toBeInTheDocument();
  const list = screen.getByRole('list', { name: 'Connected calendars' });
  expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    expect.stringContaining('Google Calendar'), expect.stringContaining('Outlook Calendar'),
  ]);
});

test('connects CINC with an API key (a refusal stays in the dialog), then disconnects it', async () => {
  let refuse = true;
  const { requests } = api({ connect: () => (refuse ? failure(400, 'CINC refused this API key') : ok(cinc)) });
  renderScreen(ui, user);
  await userEvent.click(await within(await waitFor(() => entry('CINC'))).findByRole('button', { name: 'Connect CINC' }));
  const dialog = await screen.findByRole('dialog', { name: 'Connect CINC' });
  await userEvent.type(within(dialog).getByLabelText('API key'), 'short');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('CINC refused this API key');
  expect(cincStatus()).toHaveTextContent('Not connected');

  refuse = false;
  await userEvent.clear(within(dialog).getByLabelText('API key'));
  await userEvent.type(within(dialog).getByLabelText('API key'), 'cinc-live-key-0001');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
  await waitFor(() => expect(cincStatus()).toHaveTextContent('Connected'));
  expect(await screen.findByText('CINC connected')).toBeInTheDocument();
  expect(requests.filter((r) => r.url.pathname.endsWith('/connect')).at(-1)!.body).toEqual({ authType: 'apiKey', provider: 'cinc', apiKey: 'cinc-live-key-0001' });

  await userEvent.click(within(entry('CINC')).getByRole('button', { name: 'Disconnect CINC' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
  await waitFor(() => expect(cincStatus()).toHaveTextContent('Disconnected'));
  expect(await screen.findByText('CINC disconnected')).toBeInTheDocument();
  expect(requests.filter((r) => r.url.pathname.endsWith('/disconnect')).map((r) => r.body)).toEqual([{ connectionId: cinc.id }]);
});

test('removes one calendar, then all; a failed removal is toasted and keeps the calendar', async () => {
  let refuse = false;
  const { requests } = api({
    conns: () => ok(connections(google, outlook)),
    disconnect: (r) => (refuse ? failure(404, 'Not found') : ok({ id: (r.body as { connectionId: string }).connectionId })),
  });
  renderScreen(ui, user);
  const list = await screen.findByRole('list', { name: 'Connected calendars' });
  refuse = true;
  await userEvent.click(within(list).getByRole('button', { name: 'Remove Google Calendar' }));
  expect(await screen.findByText('Not found')).toBeInTheDocument();
  expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  refuse = false;
  await userEvent.click(within(list).getByRole('button', { name: 'Remove Google Calendar' }));
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  await userEvent.click(screen.getByRole('button', { name: 'Disconnect all calendars' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Disconnect all' }));
  expect(await screen.findByText('No calendars connected. Connect one above.')).toBeInTheDocument();
  expect(requests.filter((r) => r.url.pathname.endsWith('/disconnect')).map((r) => (r.body as { connectionId: string }).connectionId))
    .toEqual([google.id, google.id, outlook.id]);
});

test('another account\'s connections never show: switching account loads its own', async () => {
  const other = makeUser({ accountId: 'b0000000-0000-4000-8000-000000000002' });
  api({ conns: (r) => (r.url.pathname.endsWith(user.accountId) ? ok(connections(cinc, google)) : never()) });
  renderScreen(ui, user);
  await waitFor(() => expect(cincStatus()).toHaveTextContent('Connected'));
  act(() => setSessionUser(other));
  expect(await screen.findByText('Loading connections')).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'CINC status' })).toBeNull();
  expect(screen.queryByRole('list', { name: 'Connected calendars' })).toBeNull();
});
