import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { authStore, recentSmsAtom } from 'shared-auth';
import { failure, makeUser, ok, renderScreen, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import { MessagesScreen } from './messages-screen';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const agent = makeUser({ role: 'AGENT', agentNumber: '+15551239999' });
const threadId = '00000000-0000-4000-8000-000000000901';
const lead = { id: '00000000-0000-4000-8000-000000000902', fullName: 'Grace Hopper', phoneNumber: '+15551230001' };
const sms = (n: number, content: string, direction: 'inbound' | 'outbound' = 'inbound', status = 'received') => ({
  id: `00000000-0000-4000-8000-00000000095${n}`, conversationId: threadId, direction, content, status,
  fromNumber: direction === 'inbound' ? lead.phoneNumber : agent.agentNumber!, toNumber: direction === 'inbound' ? agent.agentNumber! : lead.phoneNumber,
  createdAt: '2026-03-10T15:30:00.000Z',
});

type SendReply = (request: SentRequest) => StubReply | Error | null;

/** `sendReply` may answer a send itself (a failure, say); null lets the send store the message. */
function api(thread: ReturnType<typeof sms>[], sendReply: SendReply = () => null) {
  return stubFetch((request: SentRequest) => {
    if (request.url.pathname.startsWith('/v1/conversation/get-sms-list/')) {
      return ok([{ conversationId: threadId, leadNumber: lead.phoneNumber, lead, lastMessage: thread.at(-1)?.content ?? null, lastMessageAt: null, unreadCount: 0 }]);
    }
    if (request.url.pathname.startsWith('/v1/conversation/get-conversation-sms/')) return ok(thread);
    if (request.url.pathname === '/v1/conversation/send-sms') {
      const reply = sendReply(request);
      if (reply instanceof Error) throw reply;
      if (reply !== null) return reply;
      const sent = sms(9, (request.body as { content: string }).content, 'outbound', 'queued');
      thread.push(sent);
      return ok(sent);
    }
    return { status: 404, body: { type: 'NotFound', message: 'Not found' } };
  });
}

// antd screens render slowly in jsdom while other suites share the 2 cores.
jest.setTimeout(60_000);

const mount = () => renderScreen(<SnackbarProvider><MessagesScreen /></SnackbarProvider>, agent);

test('lists the agent number\'s threads and opens one; HTML in a message is shown as text', async () => {
  const user = userEvent.setup();
  const { requests } = api([sms(1, '<img src=x onerror="alert(1)"><b>bold?</b>')]);
  mount();
  await user.click(await screen.findByRole('button', { name: /Grace Hopper/ }));
  const list = await screen.findByRole('list', { name: 'Messages' });
  expect(within(list).getByText('<img src=x onerror="alert(1)"><b>bold?</b>')).toBeInTheDocument();
  expect(document.querySelector('img')).toBeNull();
  expect(document.querySelector('b')).toBeNull();
  expect(requests[0]!.url.pathname).toBe('/v1/conversation/get-sms-list/%2B15551239999');
  expect(requests[0]!.body).toEqual({ searchText: '' });
  const threadRequest = requests.find((r) => r.url.pathname.startsWith('/v1/conversation/get-conversation-sms/'))!;
  expect(threadRequest.url.pathname).toBe(`/v1/conversation/get-conversation-sms/${agent.accountId}`);
  expect(threadRequest.body).toEqual({ conversation_id: threadId });
});

test('sends with toNumber, content and agentNo, and refuses an empty message', async () => {
  const user = userEvent.setup();
  const { requests } = api([sms(1, 'Hi')]);
  mount();
  await user.click(await screen.findByRole('button', { name: /Grace Hopper/ }));
  await within(await screen.findByRole('list', { name: 'Messages' })).findByText('Hi');
  await user.click(screen.getByRole('button', { name: /Send/ }));
  expect(await screen.findByText('Message is required')).toBeInTheDocument();
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'See you at 5' } });
  await user.click(screen.getByRole('button', { name: /Send/ }));
  await waitFor(() => expect(requests.find((r) => r.url.pathname === '/v1/conversation/send-sms')?.body)
    .toEqual({ toNumber: lead.phoneNumber, content: 'See you at 5', agentNo: agent.agentNumber, idempotencyKey: expect.stringMatching(UUID) }));
  expect(await within(screen.getByRole('list', { name: 'Messages' })).findByText('See you at 5')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
});

test('a message pushed by the server (RECEIVE_SMS) appears in the open thread', async () => {
  const user = userEvent.setup();
  const thread = [sms(1, 'Hi')];
  api(thread);
  mount();
  await user.click(await screen.findByRole('button', { name: /Grace Hopper/ }));
  await within(await screen.findByRole('list', { name: 'Messages' })).findByText('Hi');
  const arrived = sms(2, 'Running late');
  thread.push(arrived);
  act(() => authStore.set(recentSmsAtom, arrived));
  expect(await within(screen.getByRole('list', { name: 'Messages' })).findByText('Running late')).toBeInTheDocument();
});

const sends = (requests: SentRequest[]) => requests.filter((r) => r.url.pathname === '/v1/conversation/send-sms')
  .map((r) => r.body as { content: string; idempotencyKey: string });

async function openThread() {
  const user = userEvent.setup();
  mount();
  await user.click(await screen.findByRole('button', { name: /Grace Hopper/ }));
  await within(await screen.findByRole('list', { name: 'Messages' })).findByText('Hi');
  return user;
}

test('a send that got no answer keeps the text; Retry sends it again under the same key, an edited text gets a new one', async () => {
  let replies = 0;
  const { requests } = api([sms(1, 'Hi')], () => (replies++ < 2 ? new TypeError('Failed to fetch') : null));
  const user = await openThread();
  const box = screen.getByRole('textbox', { name: 'Message' });
  fireEvent.change(box, { target: { value: 'See you at 5' } });
  await user.click(screen.getByRole('button', { name: /Send/ }));
  await screen.findByRole('button', { name: /Retry/ });
  expect(box).toHaveValue('See you at 5');

  await user.click(screen.getByRole('button', { name: /Retry/ }));
  await waitFor(() => expect(sends(requests)).toHaveLength(2));
  await screen.findByRole('button', { name: /Retry/ });
  fireEvent.change(box, { target: { value: 'See you at 6' } });
  expect(screen.getByRole('button', { name: /Send/ })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /Send/ }));
  expect(await within(screen.getByRole('list', { name: 'Messages' })).findByText('See you at 6')).toBeInTheDocument();
  expect(box).toHaveValue('');

  const [first, retry, edited] = sends(requests);
  expect(first!.idempotencyKey).toMatch(UUID);
  expect(retry).toEqual(first);
  expect(edited!.content).toBe('See you at 6');
  expect(edited!.idempotencyKey).not.toBe(first!.idempotencyKey);
});

test('a server error keeps the text for a retry under the same key', async () => {
  let replies = 0;
  const { requests } = api([sms(1, 'Hi')], () => (replies++ === 0 ? failure(503, 'Service unavailable') : null));
  const user = await openThread();
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Running late' } });
  await user.click(screen.getByRole('button', { name: /Send/ }));
  expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /Retry/ }));
  expect(await within(screen.getByRole('list', { name: 'Messages' })).findByText('Running late')).toBeInTheDocument();
  const [first, retry] = sends(requests);
  expect(retry!.idempotencyKey).toBe(first!.idempotencyKey);
});

test('a send the server refused (4xx) was not sent: the text stays and the next send is a new message', async () => {
  let replies = 0;
  const { requests } = api([sms(1, 'Hi')], () => (replies++ === 0 ? { status: 429, body: { type: 'TooManyRequests', message: 'Slow down' } } : null));
  const user = await openThread();
  const box = screen.getByRole('textbox', { name: 'Message' });
  fireEvent.change(box, { target: { value: 'Hello again' } });
  await user.click(screen.getByRole('button', { name: /Send/ }));
  expect(await screen.findByText('Slow down')).toBeInTheDocument();
  expect(box).toHaveValue('Hello again');
  await user.click(screen.getByRole('button', { name: /Send/ }));
  await waitFor(() => expect(sends(requests)).toHaveLength(2));
  const [first, next] = sends(requests);
  expect(next!.idempotencyKey).not.toBe(first!.idempotencyKey);
});

test('a text the provider refused shows as failed in the thread and stays in the box, to be sent as a new message', async () => {
  const thread = [sms(1, 'Hi')];
  let replies = 0;
  const { requests } = api(thread, () => {
    if (replies++ > 0) return null;
    const refused = sms(8, 'Refused', 'outbound', 'failed');
    thread.push(refused);
    return ok(refused);
  });
  const user = await openThread();
  const box = screen.getByRole('textbox', { name: 'Message' });
  fireEvent.change(box, { target: { value: 'Refused' } });
  await user.click(screen.getByRole('button', { name: /Send/ }));
  expect(await screen.findByText('The message could not be sent. Please try again.')).toBeInTheDocument();
  const item = (await within(screen.getByRole('list', { name: 'Messages' })).findByText('Refused')).closest('li')!;
  expect(item).toHaveTextContent('failed');
  expect(box).toHaveValue('Refused');
  await user.click(screen.getByRole('button', { name: /Send/ }));
  await waitFor(() => expect(sends(requests)).toHaveLength(2));
  const [first, again] = sends(requests);
  expect(again!.idempotencyKey).not.toBe(first!.idempotencyKey);
});

test('a new message the provider refused opens its thread with the text still in the box', async () => {
  const user = userEvent.setup();
  const thread = [sms(1, 'Hi')];
  api(thread, () => {
    const refused = sms(8, 'Are you free Friday?', 'outbound', 'failed');
    thread.push(refused);
    return ok(refused);
  });
  mount();
  await user.click(await screen.findByRole('button', { name: /New message/ }));
  fireEvent.change(screen.getByRole('textbox', { name: 'To' }), { target: { value: lead.phoneNumber } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Are you free Friday?' } });
  await user.click(screen.getByRole('button', { name: /Send/ }));
  expect(await screen.findByText('The message could not be sent. Please try again.')).toBeInTheDocument();
  expect(await within(await screen.findByRole('list', { name: 'Messages' })).findByText('Are you free Friday?')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'To' })).not.toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Are you free Friday?');
});

test('a reply half typed in a thread is still there after opening a new message and coming back', async () => {
  const user = await openThread();
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'See you' } });
  await user.click(screen.getByRole('button', { name: /New message/ }));
  expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await user.click(screen.getByRole('button', { name: /Grace Hopper/ }));
  expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('See you');
});
