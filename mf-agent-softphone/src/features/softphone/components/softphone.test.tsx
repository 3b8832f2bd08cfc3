import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { RealtimeProvider, setToken } from 'shared-auth';
import { CALL_HOLD_TEXT, CALLING_UNAVAILABLE_TEXT, DEFAULT_DISPOSITIONS, QUEUE_ENTRY_TAKEN_TEXT, WRAP_UP_TEXT, type PendingWrapUp } from 'shared-contracts';
import { failure, FakeWebSocket, installFakeWebSocket, makeUser, ok, renderScreen, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import { Softphone } from './softphone';

// The Voice SDK is replaced at its module boundary: our wrapper and everything above it run.
type Listener = (...args: unknown[]) => void;
class FakeEmitter {
  listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}
class FakeCall extends FakeEmitter {
  parameters: Record<string, string>;
  accept = jest.fn(() => this.fire('accept'));
  reject = jest.fn();
  disconnect = jest.fn(() => this.fire('disconnect'));
  sendDigits = jest.fn();
  mute = jest.fn();
  constructor(from: string, callSid = 'CA1') {
    super();
    this.parameters = { From: from, CallSid: callSid };
  }
}
class FakeDevice extends FakeEmitter {
  static latest: FakeDevice | null = null;
  static State = { Unregistered: 'unregistered' };
  state = 'unregistered';
  audio = {
    availableInputDevices: new Map([['mic1', { deviceId: 'mic1', label: 'Desk mic' }]]),
    availableOutputDevices: new Map([['spk1', { deviceId: 'spk1', label: 'Headset' }]]),
    setInputDevice: jest.fn(async () => undefined),
    speakerDevices: { set: jest.fn(async () => undefined) },
  };
  connect = jest.fn(async ({ params }: { params: { To: string } }) => new FakeCall(params.To));
  updateToken = jest.fn();
  destroy = jest.fn();
  constructor(readonly token: string) {
    super();
    FakeDevice.latest = this;
  }
  register = jest.fn(async () => {
    this.state = 'registered';
    this.fire('registered');
  });
}
jest.mock('@twilio/voice-sdk', () => ({ Device: FakeDevice, Call: {} }));

const agent = makeUser({ role: 'AGENT', email: 'agent@example.com' });
const queueEntry = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`, phoneNumber: `+1555000010${n}`, callerName: n === 1 ? 'Pat' : null, enqueuedAt: '2026-01-02T03:04:05.000Z',
});

const colleagueId = '00000000-0000-4000-8000-000000000201';
/** The agent and a colleague, as agent/get-team lists them. */
const TEAM = [
  { agentId: agent.id, fullName: 'Ada Agent', agentNumber: '+15550100001', status: 'available', busyFrom: null, awayReason: null, since: '2026-01-02T03:00:00.000Z' },
  { agentId: colleagueId, fullName: 'Bo Colleague', agentNumber: null, status: 'available', busyFrom: null, awayReason: null, since: '2026-01-02T03:00:00.000Z' },
];

let warn: jest.SpyInstance;
beforeEach(() => {
  installFakeWebSocket();
  FakeDevice.latest = null;
  localStorage.removeItem('softphone.presence');
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
  jest.useRealTimers();
});

// The dial pad's controls, asked for within it: a role query over the whole softphone is slower.
const dialPad = () => screen.getByRole('region', { name: 'Dial pad' });

type Answer = (r: SentRequest) => StubReply | Promise<StubReply>;

async function mount(ttlSeconds = 3600, incomingCall?: Answer, desk: Answer = () => ok({ pending: null })) {
  const fetched = stubFetch((r) => {
    if (r.url.pathname.endsWith('agent/get-team')) return ok(TEAM);
    if (r.url.pathname.includes('/desk/')) return desk(r);
    return incomingCall && r.url.pathname.includes('call/get-incoming-call/')
      ? incomingCall(r)
      : ok({ token: `twilio-jwt-${Math.random()}`, identity: agent.email, ttlSeconds, provider: 'twilio' });
  });
  setToken('session-token');
  renderScreen(
    <SnackbarProvider><RealtimeProvider><Softphone /></RealtimeProvider></SnackbarProvider>,
    agent,
  );
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpens());
  await waitFor(() => expect(FakeDevice.latest?.register).toHaveBeenCalled());
  const device = FakeDevice.latest!;
  return { socket, device, fetched, sent: () => socket.sent.map((raw) => JSON.parse(raw) as Record<string, unknown>) };
}

test('registers the device with the agent\'s token and reports the agent available', async () => {
  const { device, fetched, sent } = await mount();
  const tokenRequest = fetched.requests.find((r) => r.url.pathname === '/v1/call/generate-token');
  expect(tokenRequest?.body).toEqual({ identity: 'agent@example.com' });
  expect(device.token).toMatch(/^twilio-jwt-/);
  await waitFor(() => expect(sent()).toContainEqual({ type: 'UPDATE_STATUS', agentId: agent.id, status: 'available' }));
});

test('incoming call: a dialog that outside clicks cannot close; accept starts the timer and marks the agent active', async () => {
  const user = userEvent.setup({ delay: null });
  const { device, sent } = await mount();
  const call = new FakeCall('+15551112222');
  act(() => device.fire('incoming', call));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Incoming call')).toBeInTheDocument();
  expect(within(dialog).getByText('+15551112222 is calling you')).toBeInTheDocument();
  // The opening animation first (on a busy machine it can outlast the clicks below).
  await waitFor(() => expect(dialog).toBeVisible());
  await user.keyboard('{Escape}');
  const mask = document.querySelector('.ant-modal-wrap');
  if (mask) await user.click(mask);
  expect(screen.getByRole('dialog')).toBeVisible();
  expect(dialog.className).not.toMatch(/leave/);

  await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
  expect(call.accept).toHaveBeenCalled();
  expect(sent()).toContainEqual({ type: 'AGENT_ACTIVE_STATUS', accountId: agent.accountId, agentId: agent.id, isActive: true });
  const status = await screen.findByRole('status', { name: 'Call status' });
  expect(within(status).getByText('Queue Call / Mobile')).toBeInTheDocument();
  expect(within(status).getByText('+15551112222')).toBeInTheDocument();
  expect(within(status).getByLabelText('Call timer')).toHaveTextContent(/^00:00:0\d$/);
  expect(within(dialPad()).getByRole('textbox', { name: 'Phone number' })).toHaveAttribute('readonly');

  // Keys send DTMF during a call instead of changing the number.
  await user.click(within(dialPad()).getByRole('button', { name: '5' }));
  await user.click(within(dialPad()).getByRole('button', { name: '#' }));
  expect(call.sendDigits.mock.calls).toEqual([['5'], ['#']]);
  await user.click(within(dialPad()).getByRole('button', { name: 'Mute' }));
  expect(call.mute).toHaveBeenCalledWith(true);
  act(() => call.fire('warning', 'high-jitter'));
  expect(screen.getByText('Choppy audio: the connection is unsteady')).toBeInTheDocument();
  act(() => call.fire('warning-cleared', 'high-jitter'));
  expect(screen.queryByText('Choppy audio: the connection is unsteady')).not.toBeInTheDocument();

  // The caller hangs up: the timer and number clear and the agent is marked inactive.
  act(() => call.fire('disconnect'));
  expect(within(screen.getByRole('status', { name: 'Call status' })).getByText('Ready For Call')).toBeInTheDocument();
  expect(within(dialPad()).getByRole('textbox', { name: 'Phone number' })).toHaveValue('');
  expect(sent()).toContainEqual({ type: 'AGENT_ACTIVE_STATUS', accountId: agent.accountId, agentId: agent.id, isActive: false });
});

const transferredSid = 'CA0123456789abcdef0123456789abcdef';

test('a call an AI agent handed over shows who is calling, why, and the transcript so far, from the ring until the call ends', async () => {
  const user = userEvent.setup({ delay: null });
  const { device, fetched } = await mount(3600, () => ok({
    callSid: transferredSid, callId: '00000000-0000-4000-8000-000000000301', from: '+15551112222', callerName: 'Ada Caller', aiAgentName: 'Front Desk', reason: 'Wants to move her appointment',
    transcript: [
      { authorType: 'ai', content: 'Hello, Acme Dental.', createdAt: '2026-03-10T14:00:01.000Z' },
      { authorType: 'lead', content: 'I need to talk to a person.', createdAt: '2026-03-10T14:00:05.000Z' },
    ],
  }));
  const call = new FakeCall('+15551112222', transferredSid);
  act(() => device.fire('incoming', call));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Incoming call')).toBeInTheDocument();
  expect(within(dialog).getByText('+15551112222 is calling you')).toBeInTheDocument();
  expect(await within(dialog).findByText('Transferred by Front Desk: Wants to move her appointment')).toBeInTheDocument();
  expect(within(dialog).getByText('Ada Caller')).toBeInTheDocument();
  const transcript = within(dialog).getByRole('region', { name: 'Transcript so far' });
  expect([...transcript.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
    'Front Desk: Hello, Acme Dental.', 'Ada Caller: I need to talk to a person.',
  ]);
  expect(fetched.requests.some((r) => r.url.pathname === `/v1/call/get-incoming-call/${transferredSid}`)).toBe(true);
  await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
  expect(call.accept).toHaveBeenCalled();

  // On the call the same context stays beside the controls, whichever panel is open.
  const panel = await screen.findByRole('region', { name: 'Caller' });
  expect(within(panel).getByText('Ada Caller')).toBeInTheDocument();
  expect(within(panel).getByText('Transferred by Front Desk: Wants to move her appointment')).toBeInTheDocument();
  expect(within(panel).getByRole('region', { name: 'Transcript so far' })).toHaveTextContent('Ada Caller: I need to talk to a person.');
  await user.click(screen.getByRole('button', { name: 'Dial pad' }));
  expect(screen.getByRole('region', { name: 'Caller' })).toBeInTheDocument();
  act(() => call.fire('disconnect'));
  expect(screen.queryByRole('region', { name: 'Caller' })).toBeNull();
});

test('a colleague handing over a caller is named in the incoming dialog', async () => {
  const callSid = 'CA00000000000000000000000000000006';
  const { device } = await mount(3600, () => ok({
    callSid, callId: '00000000-0000-4000-8000-000000000301', from: '+15551112222', callerName: 'Pat', aiAgentName: null, reason: null,
    transcript: [], previousCalls: [], offeredBy: 'Bo Colleague',
  }));
  act(() => device.fire('incoming', new FakeCall('+15550100001', callSid)));
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText('Bo Colleague wants to hand you a caller')).toBeInTheDocument();
  expect(within(dialog).queryByText('+15550100001 is calling you')).not.toBeInTheDocument();
});

test('when the caller\'s context cannot be fetched the dialog stays as it is and Accept still answers', async () => {
  const user = userEvent.setup({ delay: null });
  const { device, fetched } = await mount(3600, () => failure(404, 'Not found'));
  const call = new FakeCall('+15551112222', transferredSid);
  act(() => device.fire('incoming', call));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(fetched.requests.some((r) => r.url.pathname.includes('get-incoming-call'))).toBe(true));
  expect(within(dialog).getByText('+15551112222 is calling you')).toBeInTheDocument();
  expect(within(dialog).queryByText(/Transferred by/)).toBeNull();
  expect(within(dialog).queryByRole('region', { name: 'Transcript so far' })).toBeNull();
  await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
  expect(call.accept).toHaveBeenCalled();
});

test('reject closes the dialog without taking the call', async () => {
  const user = userEvent.setup({ delay: null });
  const { device } = await mount();
  const call = new FakeCall('+15551112222');
  act(() => device.fire('incoming', call));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }));
  expect(call.reject).toHaveBeenCalled();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('dialling: empty number is refused; keys append; the call button turns red and hangs up', async () => {
  const user = userEvent.setup({ delay: null });
  const { device } = await mount();
  await user.click(screen.getByRole('button', { name: 'Dial pad' }));
  await user.click(within(dialPad()).getByRole('button', { name: 'Call' }));
  expect(await screen.findByText('Please enter a phone number to call')).toBeInTheDocument();
  expect(device.connect).not.toHaveBeenCalled();

  const input = within(dialPad()).getByRole('textbox', { name: 'Phone number' });
  expect(input).toHaveAttribute('placeholder', 'ex: +1211111111');
  await user.type(input, '(555) 123');
  for (const key of ['4', '5', '6', '7']) await user.click(within(dialPad()).getByRole('button', { name: key }));
  expect(input).toHaveValue('(555) 1234567');
  await user.click(within(dialPad()).getByRole('button', { name: 'Call' }));
  await waitFor(() => expect(device.connect).toHaveBeenCalledWith({ params: { To: '+15551234567' } }));
  const hangUp = await within(dialPad()).findByRole('button', { name: 'Hang up' });
  await user.click(hangUp);
  expect(await within(dialPad()).findByRole('button', { name: 'Call' })).toBeInTheDocument();
});

test('a number with no digits, or one that is not a US number, never starts a call and says why', async () => {
  const user = userEvent.setup({ delay: null });
  const { device, sent } = await mount();
  await user.click(screen.getByRole('button', { name: 'Dial pad' }));
  const input = within(dialPad()).getByRole('textbox', { name: 'Phone number' });
  await user.type(input, 'abc');
  await user.click(within(dialPad()).getByRole('button', { name: 'Call' }));
  expect(await screen.findByText('Please enter a phone number to call')).toBeInTheDocument();
  await user.clear(input);
  await user.type(input, '123');
  await user.click(within(dialPad()).getByRole('button', { name: 'Call' }));
  expect(await screen.findByText('Phone number must be a US number: +1 followed by ten digits')).toBeInTheDocument();
  expect(device.connect).not.toHaveBeenCalled();
  expect(within(screen.getByRole('status', { name: 'Call status' })).getByText('Ready For Call')).toBeInTheDocument();
  expect(within(dialPad()).queryByRole('button', { name: 'Hang up' })).not.toBeInTheDocument();
  expect(sent()).not.toContainEqual(expect.objectContaining({ type: 'AGENT_ACTIVE_STATUS', isActive: true }));
});

test('a call that cannot be connected says so and keeps the typed number to try again', async () => {
  const user = userEvent.setup({ delay: null });
  const { device } = await mount();
  device.connect.mockRejectedValueOnce(new Error('no route'));
  await user.click(screen.getByRole('button', { name: 'Dial pad' }));
  const input = within(dialPad()).getByRole('textbox', { name: 'Phone number' });
  await user.type(input, '(212) 555-0100');
  await user.click(within(dialPad()).getByRole('button', { name: 'Call' }));
  expect(await screen.findByText('Failed to connect call')).toBeInTheDocument();
  expect(await within(dialPad()).findByRole('button', { name: 'Call' })).toBeInTheDocument();
  expect(within(dialPad()).getByRole('textbox', { name: 'Phone number' })).toHaveValue('+12125550100');
});

test('hanging up while the call is still being placed ends it as soon as it exists, with no error', async () => {
  const user = userEvent.setup({ delay: null });
  const { device, sent } = await mount();
  let handOver: (call: FakeCall) => void = () => undefined;
  device.connect.mockImplementationOnce(() => new Promise<FakeCall>((resolve) => { handOver = resolve; }));
  await user.click(screen.getByRole('button', { name: 'Dial pad' }));
  await user.type(within(dialPad()).getByRole('textbox', { name: 'Phone number' }), '(212) 555-0100');
  await user.click(within(dialPad()).getByRole('button', { name: 'Call' }));
  await user.click(await within(dialPad()).findByRole('button', { name: 'Hang up' }));
  expect(within(screen.getByRole('status', { name: 'Call status' })).getByText('Ready For Call')).toBeInTheDocument();
  expect(sent()).toContainEqual({ type: 'AGENT_ACTIVE_STATUS', accountId: agent.accountId, agentId: agent.id, isActive: false });
  const late = new FakeCall('+12125550100');
  await act(async () => handOver(late));
  expect(late.disconnect).toHaveBeenCalled();
  expect(screen.queryByText('Error ending call')).not.toBeInTheDocument();
  expect(within(dialPad()).getByRole('button', { name: 'Call' })).toBeInTheDocument();
});

test('queue: badge with the count, "(Next)" on the first, only the first callable, and the caller dialled is the one that leaves the queue', async () => {
  const user = userEvent.setup({ delay: null });
  const { socket, device, sent } = await mount();
  expect(screen.queryByRole('button', { name: 'Queue List' })).not.toBeInTheDocument();
  act(() => socket.serverSends({ type: 'QUEUE_UPDATED', queue: [queueEntry(1), queueEntry(2)] }));
  const toggle = await screen.findByRole('button', { name: 'Queue List' });
  expect(screen.getByText('2')).toBeInTheDocument();
  await user.click(toggle);
  const panel = screen.getByRole('region', { name: 'Queue List' });
  expect(within(panel).getByText('(Next)')).toBeInTheDocument();
  await user.click(within(panel).getByRole('button', { name: 'Call +15550000102' }));
  expect(await screen.findByText('Please call the first number in queue before proceeding to others')).toBeInTheDocument();
  expect(device.connect).not.toHaveBeenCalled();
  await user.click(within(panel).getByRole('button', { name: 'Call +15550000101' }));
  expect(sent()).toContainEqual({ type: 'REMOVE_FROM_QUEUE', agentId: agent.id, accountId: agent.accountId, entryId: queueEntry(1).id });
  await waitFor(() => expect(device.connect).toHaveBeenCalledWith({ params: { To: '+15550000101' } }));
  const placed = await device.connect.mock.results[0]!.value as FakeCall;
  // On a call, the queue refuses even the first number.
  act(() => socket.serverSends({ type: 'QUEUE_UPDATED', queue: [queueEntry(2)] }));
  // Queue updates reach the list within one batch window.
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Call +15550000101' })).not.toBeInTheDocument());
  await user.click(within(screen.getByRole('region', { name: 'Queue List' })).getByRole('button', { name: 'Call +15550000102' }));
  expect(await screen.findByText('Finish your current call before calling from queue')).toBeInTheDocument();
  // Another agent took the same caller first: the server refuses the removal, this agent is told,
  // and this call ends so the caller is not rung twice.
  act(() => socket.serverSends({ type: 'ERROR', message: QUEUE_ENTRY_TAKEN_TEXT, refused: 'REMOVE_FROM_QUEUE' }));
  expect(await screen.findByText(QUEUE_ENTRY_TAKEN_TEXT)).toBeInTheDocument();
  expect(placed.disconnect).toHaveBeenCalled();
  // Off the call, the next caller in the queue can be called.
  await user.click(within(screen.getByRole('region', { name: 'Queue List' })).getByRole('button', { name: 'Call +15550000102' }));
  await waitFor(() => expect(device.connect).toHaveBeenLastCalledWith({ params: { To: '+15550000102' } }));
  act(() => socket.serverSends({ type: 'QUEUE_UPDATED', queue: [] }));
  expect(await screen.findByText('No numbers in queue')).toBeInTheDocument();
});

test('queue: a caller stays queued when the call cannot be placed (device not ready)', async () => {
  const user = userEvent.setup({ delay: null });
  const { socket, device, sent } = await mount();
  act(() => socket.serverSends({ type: 'QUEUE_UPDATED', queue: [queueEntry(1)] }));
  act(() => device.fire('unregistered'));
  await user.click(await screen.findByRole('button', { name: 'Queue List' }));
  await user.click(within(screen.getByRole('region', { name: 'Queue List' })).getByRole('button', { name: 'Call +15550000101' }));
  expect(await screen.findByText('Call device not ready')).toBeInTheDocument();
  expect(device.connect).not.toHaveBeenCalled();
  expect(sent()).not.toContainEqual(expect.objectContaining({ type: 'REMOVE_FROM_QUEUE' }));
});

test('SDK errors become clear messages; a token error fetches a new token', async () => {
  const { device, fetched } = await mount();
  act(() => device.fire('error', { code: 31205, message: 'JWT expired' }));
  expect(await screen.findByText('Call error: Your calling session has expired. Please sign in again.')).toBeInTheDocument();
  await waitFor(() => expect(device.updateToken).toHaveBeenCalled());
  expect(fetched.requests.filter((r) => r.url.pathname === '/v1/call/generate-token')).toHaveLength(2);
  act(() => device.fire('error', { code: 99999, message: '?' }));
  expect(await screen.findByText('Call error: An unknown call error occurred.')).toBeInTheDocument();
});

test('the token is refreshed 10 s before it expires', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  const { device } = await mount(60);
  expect(device.updateToken).not.toHaveBeenCalled();
  await act(async () => {
    jest.advanceTimersByTime(50_000);
  });
  await waitFor(() => expect(device.updateToken).toHaveBeenCalledTimes(1));
});

test('a failed token fetch says the call system could not start', async () => {
  stubFetch(() => ({ status: 500, body: { type: 'InternalError', message: 'boom' } }));
  setToken('session-token');
  renderScreen(<SnackbarProvider><RealtimeProvider><Softphone /></RealtimeProvider></SnackbarProvider>, agent);
  expect(await screen.findByText('Failed to initialize call system')).toBeInTheDocument();
});

test('a server without telephony: the softphone says calling is not set up, and the dial pad cannot call', async () => {
  const user = userEvent.setup({ delay: null });
  stubFetch(() => ({ status: 503, body: { type: 'ServiceUnavailable', message: CALLING_UNAVAILABLE_TEXT } }));
  setToken('session-token');
  renderScreen(<SnackbarProvider><RealtimeProvider><Softphone /></RealtimeProvider></SnackbarProvider>, agent);
  expect(await screen.findByText(CALLING_UNAVAILABLE_TEXT)).toHaveAttribute('role', 'status');
  expect(screen.queryByText('Failed to initialize call system')).toBeNull();
  expect(FakeDevice.latest).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Dial pad' }));
  await user.type(within(dialPad()).getByRole('textbox', { name: 'Phone number' }), '5551234567');
  await user.click(within(dialPad()).getByRole('button', { name: 'Call' }));
  expect(await screen.findByText('Call device not ready')).toBeInTheDocument();
});

test('microphone and speaker can be chosen', async () => {
  const user = userEvent.setup({ delay: null });
  const { device } = await mount();
  await user.click(screen.getByRole('button', { name: 'Dial pad' }));
  await user.click(within(dialPad()).getByRole('combobox', { name: 'Microphone' }));
  await user.click(await screen.findByTitle('Desk mic'));
  expect(device.audio.setInputDevice).toHaveBeenCalledWith('mic1');
});

test('the agent steps away with a reason: the server is told, the choice outlives a reload, and a call\'s end does not undo it', async () => {
  const user = userEvent.setup({ delay: null });
  const { socket, device, sent } = await mount();
  await waitFor(() => expect(sent()).toContainEqual({ type: 'UPDATE_STATUS', agentId: agent.id, status: 'available' }));
  act(() => socket.serverSends({ type: 'STATUS_UPDATED', agentId: agent.id, status: 'available', busyFrom: null, awayReason: null, since: '2026-01-02T03:04:05.000Z' }));

  await user.click(screen.getByRole('combobox', { name: 'Your status' }));
  await user.click(await screen.findByTitle('Away · Lunch'));
  await waitFor(() => expect(sent().at(-1)).toEqual({ type: 'UPDATE_STATUS', agentId: agent.id, status: 'away', awayReason: 'lunch' }));
  act(() => socket.serverSends({ type: 'STATUS_UPDATED', agentId: agent.id, status: 'away', busyFrom: null, awayReason: 'lunch', since: '2026-01-02T03:05:00.000Z' }));
  expect(JSON.parse(localStorage.getItem('softphone.presence')!)).toEqual({ status: 'away', awayReason: 'lunch' });

  // A call the agent places makes it busy; the server ends it as available, and the softphone says away again.
  await user.click(screen.getByRole('button', { name: 'Dial pad' }));
  await user.type(within(dialPad()).getByRole('textbox', { name: 'Phone number' }), '5551234567');
  await user.click(within(dialPad()).getByRole('button', { name: 'Call' }));
  await waitFor(() => expect(device.connect).toHaveBeenCalled());
  const call = await device.connect.mock.results[0]!.value as FakeCall;
  act(() => call.fire('accept'));
  act(() => socket.serverSends({ type: 'STATUS_UPDATED', agentId: agent.id, status: 'busy', busyFrom: '2026-01-02T03:06:00.000Z', awayReason: null, since: '2026-01-02T03:06:00.000Z' }));
  expect(screen.getByRole('combobox', { name: 'Your status' })).toBeDisabled();
  const before = sent().length;
  act(() => call.fire('disconnect'));
  act(() => socket.serverSends({ type: 'STATUS_UPDATED', agentId: agent.id, status: 'available', busyFrom: null, awayReason: null, since: '2026-01-02T03:07:00.000Z' }));
  await waitFor(() => expect(sent().slice(before)).toContainEqual({ type: 'UPDATE_STATUS', agentId: agent.id, status: 'away', awayReason: 'lunch' }));

  // A new page says the same choice on connecting, not available.
  cleanup();
  const reloaded = await mount();
  await waitFor(() => expect(reloaded.sent()).toContainEqual({ type: 'UPDATE_STATUS', agentId: agent.id, status: 'away', awayReason: 'lunch' }));
  expect(reloaded.sent()).not.toContainEqual(expect.objectContaining({ type: 'UPDATE_STATUS', status: 'available' }));
  localStorage.removeItem('softphone.presence');
});

test('hanging up tells the server first, so the end of the leg is not taken for a lost browser; a caller who hangs up is not told about', async () => {
  const user = userEvent.setup({ delay: null });
  const { device, fetched } = await mount();
  const words = () => fetched.requests.filter((r) => r.url.pathname.endsWith('desk/hang-up-call'));
  const taken = new FakeCall('+15551112222', 'CA00000000000000000000000000000001');
  act(() => device.fire('incoming', taken));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }));
  const disconnect = taken.disconnect.getMockImplementation()!;
  taken.disconnect.mockImplementation(() => {
    // The word went out before the leg was ended.
    expect(words().map((r) => r.body)).toEqual([{ callSid: 'CA00000000000000000000000000000001' }]);
    disconnect();
  });
  await user.click(await within(dialPad()).findByRole('button', { name: 'Hang up' }));
  expect(taken.disconnect).toHaveBeenCalled();

  const second = new FakeCall('+15553334444', 'CA00000000000000000000000000000002');
  act(() => device.fire('incoming', second));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }));
  act(() => second.fire('disconnect'));
  expect(words()).toHaveLength(1);
});

test('the agent holds the caller and takes them back; the header shows the time on hold; a refusal is said and changes nothing', async () => {
  const user = userEvent.setup({ delay: null });
  const callSid = 'CA00000000000000000000000000000003';
  let refuse = true;
  const { device, fetched } = await mount(3600, undefined, (r) => {
    if (!r.url.pathname.endsWith('desk/hold-call')) return ok({ pending: null });
    if (refuse) return failure(502, CALL_HOLD_TEXT.failed);
    const { held } = r.body as { held: boolean };
    return ok({ callSid, heldSince: held ? new Date().toISOString() : null });
  });
  const holds = () => fetched.requests.filter((r) => r.url.pathname.endsWith('desk/hold-call')).map((r) => r.body);
  const taken = new FakeCall('+15551112222', callSid);
  act(() => device.fire('incoming', taken));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }));
  const status = await screen.findByRole('status', { name: 'Call status' });

  await user.click(await within(dialPad()).findByRole('button', { name: 'Hold' }));
  expect(await screen.findByText(CALL_HOLD_TEXT.failed)).toBeInTheDocument();
  expect(within(dialPad()).getByRole('button', { name: 'Hold' })).toHaveAttribute('aria-pressed', 'false');
  expect(within(status).queryByText(/On hold/)).not.toBeInTheDocument();

  refuse = false;
  await user.click(within(dialPad()).getByRole('button', { name: 'Hold' }));
  expect(await within(status).findByText(/^On hold 00:00:0\d$/)).toBeInTheDocument();
  expect(within(dialPad()).getByRole('button', { name: 'Resume' })).toHaveAttribute('aria-pressed', 'true');
  await user.click(within(dialPad()).getByRole('button', { name: 'Resume' }));
  await waitFor(() => expect(within(status).queryByText(/On hold/)).not.toBeInTheDocument());
  expect(holds()).toEqual([{ callSid, held: true }, { callSid, held: true }, { callSid, held: false }]);
  expect(taken.disconnect).not.toHaveBeenCalled();
});

test('on a call the Team panel offers each available colleague, or an outside number, the caller; the server hands them over and says so', async () => {
  const user = userEvent.setup({ delay: null });
  const callSid = 'CA00000000000000000000000000000004';
  const { device, fetched } = await mount(3600, undefined, (r) => (r.url.pathname.endsWith('desk/transfer-call')
    ? ok({ message: 'Transferred to Bo Colleague' })
    : ok({ pending: null })));
  await user.click(screen.getByRole('button', { name: 'Team' }));
  const team = await screen.findByRole('region', { name: 'Team' });
  await within(team).findByText('Bo Colleague');
  expect(within(team).queryByRole('button', { name: /^Transfer/ })).not.toBeInTheDocument();

  const taken = new FakeCall('+15551112222', callSid);
  act(() => device.fire('incoming', taken));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }));
  await user.click(screen.getByRole('button', { name: 'Team' }));
  await user.click(await within(screen.getByRole('region', { name: 'Team' })).findByRole('button', { name: 'Transfer to Bo Colleague' }));
  expect(await screen.findByText('Transferred to Bo Colleague')).toBeInTheDocument();
  // Or to an outside number, typed under the team.
  const byNumber = within(screen.getByRole('region', { name: 'Team' })).getByRole('form', { name: 'Transfer to a number' });
  await user.type(within(byNumber).getByRole('textbox', { name: 'Number to transfer to' }), '+15550009999');
  await user.click(within(byNumber).getByRole('button', { name: 'Transfer' }));
  await waitFor(() => expect(fetched.requests.filter((r) => r.url.pathname.endsWith('desk/transfer-call')).map((r) => r.body)).toEqual([
    { callSid, agentId: colleagueId }, { callSid, phoneNumber: '+15550009999' },
  ]));
});

test('warm transfer: the agent rings a colleague to talk first, sees them ringing then on the line with the caller on hold, and hands over or goes back', async () => {
  const user = userEvent.setup({ delay: null });
  const callSid = 'CA00000000000000000000000000000005';
  const { device, fetched, socket } = await mount(3600, undefined, (r) => (r.url.pathname.endsWith('desk/get-pending-wrap-up') ? ok({ pending: null }) : ok({ message: 'ok' })));
  const asked = (path: string) => fetched.requests.filter((r) => r.url.pathname.endsWith(path)).map((r) => r.body);
  const taken = new FakeCall('+15551112222', callSid);
  act(() => device.fire('incoming', taken));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }));
  await user.click(screen.getByRole('button', { name: 'Team' }));
  await user.click(await within(screen.getByRole('region', { name: 'Team' })).findByRole('button', { name: 'Talk first with Bo Colleague' }));
  expect(asked('desk/consult-colleague')).toEqual([{ callSid, agentId: colleagueId }]);

  const consult = (state: 'ringing' | 'talking' | 'ended') =>
    act(() => socket.serverSends({ type: 'CALL_CONSULT_CHANGED', callSid, agentId: agent.id, colleagueId, state }));
  consult('ringing');
  act(() => socket.serverSends({ type: 'CALL_HOLD_CHANGED', callSid, agentId: agent.id, heldSince: new Date().toISOString() }));
  const bar = await screen.findByRole('region', { name: 'Warm transfer' });
  expect(bar).toHaveTextContent('Ringing Bo Colleague…');
  expect(within(bar).getByRole('button', { name: 'Complete transfer' })).toBeDisabled();
  // While a consult is under way the colleagues are not offered the call again.
  expect(within(screen.getByRole('region', { name: 'Team' })).queryByRole('button', { name: /^Transfer to/ })).not.toBeInTheDocument();
  // Another call's or another agent's news is not this softphone's.
  act(() => socket.serverSends({ type: 'CALL_CONSULT_CHANGED', callSid: 'CA00000000000000000000000000000099', agentId: agent.id, colleagueId, state: 'ended' }));
  expect(screen.getByRole('region', { name: 'Warm transfer' })).toBeInTheDocument();

  consult('talking');
  expect(await within(bar).findByText('Talking to Bo Colleague; the caller is on hold')).toBeInTheDocument();
  await user.click(within(bar).getByRole('button', { name: 'Back to the caller' }));
  expect(asked('desk/cancel-consult')).toEqual([{ callSid }]);
  consult('ended');
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Warm transfer' })).not.toBeInTheDocument());

  consult('talking');
  await user.click(within(await screen.findByRole('region', { name: 'Warm transfer' })).getByRole('button', { name: 'Complete transfer' }));
  expect(asked('desk/complete-transfer')).toEqual([{ callSid }]);
});

test('after a call the agent wraps it up: a disposition is required, the notes go with it, and the panel goes once it is saved', async () => {
  const user = userEvent.setup({ delay: null });
  const callId = '40000000-0000-4000-8000-000000000031';
  let pending: PendingWrapUp | null = null;
  const { socket, fetched, sent } = await mount(3600, undefined, (r) => {
    if (r.url.pathname.endsWith('desk/wrap-up-call')) {
      pending = null;
      return ok({ callId, wrapUp: { disposition: 'Callback', notes: 'Call back after 5 pm.', at: '2026-01-02T03:09:00.000Z' } });
    }
    return ok({ pending });
  });
  await waitFor(() => expect(sent()).toContainEqual({ type: 'UPDATE_STATUS', agentId: agent.id, status: 'available' }));

  // The call ended: the server puts the agent in wrap-up.
  pending = {
    callId, direction: 'inbound', phoneNumber: '+15551112222', callerName: 'Ada Caller', durationSeconds: 95,
    dueAt: new Date(Date.now() + 90_000).toISOString(), dispositions: [...DEFAULT_DISPOSITIONS],
  };
  const before = sent().length;
  act(() => socket.serverSends({ type: 'STATUS_UPDATED', agentId: agent.id, status: 'wrap-up', busyFrom: null, awayReason: null, since: new Date().toISOString() }));
  const panel = await screen.findByRole('region', { name: 'Wrap-up' });
  expect(within(panel).getByRole('heading', { name: 'Wrap up the call with Ada Caller' })).toBeInTheDocument();
  expect(within(panel).getByRole('timer')).toHaveTextContent(/^Time left 00:01:(2\d|30)$/);
  expect(screen.getByRole('combobox', { name: 'Your status' }).closest('.ant-select')).toHaveTextContent('Wrap-up');
  // Available comes by itself once the wrap-up is done: the softphone does not say it meanwhile.
  expect(sent().slice(before)).not.toContainEqual(expect.objectContaining({ type: 'UPDATE_STATUS' }));

  const saves = () => fetched.requests.filter((r) => r.url.pathname.endsWith('desk/wrap-up-call'));
  await user.click(within(panel).getByRole('button', { name: 'Save wrap-up' }));
  expect(await within(panel).findByText(WRAP_UP_TEXT.dispositionRequired)).toBeInTheDocument();
  expect(saves()).toHaveLength(0);

  await user.click(within(panel).getByRole('radio', { name: 'Callback' }));
  await user.type(within(panel).getByRole('textbox', { name: 'Notes' }), 'Call back after 5 pm.');
  await user.click(within(panel).getByRole('button', { name: 'Save wrap-up' }));
  await waitFor(() => expect(saves()).toHaveLength(1));
  expect(saves()[0]!.body).toEqual({ callId, disposition: 'Callback', notes: 'Call back after 5 pm.' });
  expect(await screen.findByText(WRAP_UP_TEXT.saved)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Wrap-up' })).toBeNull());
});

test('the Team panel shows the colleagues\' presence as it changes, with the time in it', async () => {
  const user = userEvent.setup({ delay: null });
  const { socket } = await mount();
  await user.click(screen.getByRole('button', { name: 'Team' }));
  const team = await screen.findByRole('region', { name: 'Team' });
  const colleague = await within(team).findByRole('listitem', { name: 'Bo Colleague' });
  expect(colleague).toHaveTextContent('Available');
  // The agent itself is not listed among its colleagues.
  expect(within(team).getAllByRole('listitem')).toHaveLength(1);
  act(() => socket.serverSends({ type: 'STATUS_UPDATED', agentId: colleagueId, status: 'away', busyFrom: null, awayReason: 'training', since: new Date(Date.now() - 65_000).toISOString() }));
  await waitFor(() => expect(colleague).toHaveTextContent('Away · Training'));
  expect(colleague).toHaveTextContent(/away for 00:01:0\d/);
});
