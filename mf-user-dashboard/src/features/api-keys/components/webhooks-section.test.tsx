import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import type { WebhookDelivery, WebhookEndpoint } from 'shared-contracts';
import { failure, makeUser, ok, renderScreen, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import { WebhooksSection } from './webhooks-section';

const user = makeUser({ timeZone: 'America/New_York' });
const endpoint = (n: number, overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: `80000000-0000-4000-8000-${String(n).padStart(12, '0')}`, url: `https://crm.example.com/hooks/${n}`, events: ['call.completed'],
  secretPrefix: 'whsec_ab12', createdAt: '2026-03-10T14:00:00.000Z', ...overrides,
});
const delivery = (n: number, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: `90000000-0000-4000-8000-${String(n).padStart(12, '0')}`, endpointId: endpoint(1).id, endpointUrl: endpoint(1).url, eventId: `evt_${n}`,
  eventType: 'call.completed', status: 'delivered', attempts: 1, lastStatusCode: 200, lastResponse: 'ok', lastAttemptAt: '2026-03-10T15:00:00.000Z',
  createdAt: '2026-03-10T15:00:00.000Z', ...overrides,
});
const ui = <SnackbarProvider><WebhooksSection /></SnackbarProvider>;
type Handler = (r: SentRequest) => StubReply | Promise<StubReply>;
const api = ({
  list = () => ok([endpoint(1)]),
  deliveries = () => ok([delivery(1)]),
  create = () => ok({ endpoint: endpoint(2), secret: 'whsec_SECRET' }),
  test = () => ok(delivery(2, { eventType: 'webhook.test', status: 'pending', attempts: 0, lastStatusCode: null, lastResponse: null, lastAttemptAt: null })),
  remove = () => ok({ id: endpoint(1).id }),
}: { list?: Handler; deliveries?: Handler; create?: Handler; test?: Handler; remove?: Handler }) =>
  stubFetch((r) => {
    const path = r.url.pathname;
    if (path.endsWith('webhook/create')) return create(r);
    if (path.endsWith('webhook/deliveries')) return deliveries(r);
    if (path.includes('webhook/test/')) return test(r);
    if (r.method === 'DELETE') return remove(r);
    return list(r);
  });

jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

test('explains the signature and lists endpoints and the delivery log with the last answer', async () => {
  api({ deliveries: () => ok([delivery(1), delivery(2, { status: 'failed', attempts: 3, lastStatusCode: 503, lastResponse: 'Service Unavailable' }), delivery(3, { status: 'failed', lastStatusCode: null, lastResponse: 'No answer within 10 s' })]) });
  renderScreen(ui, user);
  expect(screen.getByText(/X-Webhook-Signature: t=<unix time>,v1=<signature>/)).toBeInTheDocument();
  const row = await within(screen.getByRole('region', { name: 'Webhook endpoints' })).findByRole('row', { name: /hooks\/1/ });
  expect(within(row).getAllByRole('cell').map((c) => c.textContent).slice(0, 4)).toEqual(['https://crm.example.com/hooks/1', 'call.completed', 'whsec_ab12…', 'Mar 10, 2026, 10:00 AM']);
  const log = screen.getByRole('region', { name: 'Webhook deliveries' });
  await within(log).findByText('Service Unavailable', { exact: false });
  const rows = within(log).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
  expect(rows.map((cells) => cells.slice(2, 5))).toEqual([
    ['Delivered', '1', '200 · ok'],
    ['Failed, retrying', '3', '503 · Service Unavailable'],
    ['Failed, retrying', '1', 'No answer · No answer within 10 s'],
  ]);
});

test('adds an endpoint for the chosen events and shows its secret once; a refusal is shown', async () => {
  let refuse = false;
  const { requests } = api({ create: () => (refuse ? failure(400, 'Endpoint URL must not point to a private or local network address') : ok({ endpoint: endpoint(2), secret: 'whsec_SECRET' })) });
  renderScreen(ui, user);
  await within(screen.getByRole('region', { name: 'Webhook endpoints' })).findByRole('row', { name: /hooks\/1/ });
  fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'https://crm.example.com/hooks/2' } });
  expect(screen.getByRole('checkbox', { name: /call\.callback_requested.*Nobody could take a caller: the AI agent took a message/ })).not.toBeChecked();
  await userEvent.click(screen.getByRole('checkbox', { name: /sms\.received/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
  expect(await screen.findByText('Copy the signing secret now: it will not be shown again')).toBeInTheDocument();
  expect(screen.getByText('whsec_SECRET')).toBeInTheDocument();
  expect(requests.find((r) => r.url.pathname.endsWith('webhook/create'))!.body).toEqual({ url: 'https://crm.example.com/hooks/2', events: ['call.completed', 'sms.received'] });
  await userEvent.click(screen.getByRole('button', { name: 'I have copied the secret' }));
  expect(screen.queryByText('whsec_SECRET')).toBeNull();

  refuse = true;
  fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'https://10.0.0.5/hooks' } });
  await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Endpoint URL must not point to a private or local network address');
});

test('an endpoint needs a URL and at least one event before anything is sent', async () => {
  const { requests } = api({});
  renderScreen(ui, user);
  await within(screen.getByRole('region', { name: 'Webhook endpoints' })).findByRole('row', { name: /hooks\/1/ });
  await userEvent.click(screen.getByRole('checkbox', { name: /call\.completed/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
  expect(screen.getByLabelText('Endpoint URL')).toHaveAccessibleDescription('Endpoint URL is required');
  expect(screen.getByRole('group', { name: 'Events' })).toHaveAccessibleDescription('Choose at least one event');
  expect(requests.some((r) => r.url.pathname.endsWith('webhook/create'))).toBe(false);
});

test('sends a test event and removes an endpoint after confirming', async () => {
  const { requests } = api({});
  renderScreen(ui, user);
  await userEvent.click(await screen.findByRole('button', { name: 'Send test event to https://crm.example.com/hooks/1' }));
  expect(await screen.findByText('Test event sent to https://crm.example.com/hooks/1')).toBeInTheDocument();
  expect(requests.filter((r) => r.url.pathname.includes('webhook/test/')).map((r) => [r.method, r.url.pathname])).toEqual([['POST', `/v1/webhook/test/${endpoint(1).id}`]]);

  await userEvent.click(screen.getByRole('button', { name: 'Remove https://crm.example.com/hooks/1' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
  expect(await screen.findByText('https://crm.example.com/hooks/1 removed')).toBeInTheDocument();
  expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([`/v1/webhook/${endpoint(1).id}`]);
});

test('offers every event an endpoint can pick, and subscribes to the call lifecycle and analysis events', async () => {
  const { requests } = api({});
  renderScreen(ui, user);
  const events = screen.getByRole('group', { name: 'Events' });
  expect(within(events).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent?.split(' ')[0]))
    .toEqual(['call.started', 'call.completed', 'call.failed', 'call.transferred', 'call.callback_requested', 'analysis.completed', 'appointment.booked', 'sms.received']);
  fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'https://crm.example.com/hooks/2' } });
  for (const name of [/call\.started/, /call\.failed/, /analysis\.completed/]) await userEvent.click(within(events).getByRole('checkbox', { name }));
  await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
  await screen.findByText('whsec_SECRET');
  expect(requests.find((r) => r.url.pathname.endsWith('webhook/create'))!.body)
    .toEqual({ url: 'https://crm.example.com/hooks/2', events: ['call.completed', 'call.started', 'call.failed', 'analysis.completed'] });
});
