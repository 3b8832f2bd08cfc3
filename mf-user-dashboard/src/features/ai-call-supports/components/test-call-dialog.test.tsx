import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { LOCAL_RESPONDER_LABEL } from 'shared-contracts';
import { failure, FakeWebSocket, installFakeWebSocket, makeUser, ok, renderScreen, stubFetch, type SentRequest } from 'shared-auth/src/testing';
import { AgentListScreen } from './agent-list-screen';
import { agentId, makeAgent } from '../test-support/agent-fixtures';

const user = makeUser();
const ui = <SnackbarProvider><AgentListScreen /></SnackbarProvider>;

jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

const api = (testCall: (r: SentRequest) => ReturnType<typeof ok>) =>
  stubFetch((r) => (r.url.pathname.endsWith('call/make-test-call') ? testCall(r) : ok([makeAgent()])));

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Test call from Front Desk' }));
  return screen.findByRole('dialog', { name: 'Test call from Front Desk' });
}

test('checks the number like the server, places the call and toasts its status', async () => {
  const { requests } = api(() => ok({ callSid: 'CA123', status: 'queued' }));
  renderScreen(ui, user);
  const dialog = await openDialog();
  expect(within(dialog).getByText('Front Desk calls from +15551230001.')).toBeInTheDocument();
  const input = within(dialog).getByLabelText('Number to call');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Place test call' }));
  expect(await within(dialog).findByText('Phone number is required')).toBeInTheDocument();
  await userEvent.type(input, '555-0100');
  expect(await within(dialog).findByText('Phone number must be a US number: +1 followed by ten digits')).toBeInTheDocument();
  expect(requests.filter((r) => r.url.pathname.endsWith('make-test-call'))).toHaveLength(0);

  await userEvent.clear(input);
  await userEvent.type(input, '(212) 555-0142');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Place test call' }));
  expect(await screen.findByText('Test call from Front Desk: queued')).toBeInTheDocument();
  expect(requests.find((r) => r.url.pathname.endsWith('make-test-call'))!.body).toEqual({ agentId: agentId(1), phoneNumber: '(212) 555-0142' });
  await screen.findByRole('button', { name: 'Test call from Front Desk' });
  expect(screen.queryByRole('dialog', { name: 'Test call from Front Desk' })).toBeNull();
});

test('shows the server\'s refusal in the dialog and keeps it open', async () => {
  api(() => failure(400, 'Give this agent a phone number before placing a test call'));
  renderScreen(ui, user);
  const dialog = await openDialog();
  await userEvent.type(within(dialog).getByLabelText('Number to call'), '2125550142');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Place test call' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Give this agent a phone number before placing a test call');
  expect(screen.getByRole('dialog', { name: 'Test call from Front Desk' })).toBeInTheDocument();
});

// Talk in the browser: the API's reply, then the relay socket it names, driven frame by frame.
const browserCall = {
  callId: '10000000-0000-4000-8000-000000000077',
  callSid: 'CA0123456789abcdef0123456789abcdef',
  relayPath: '/v1/telephony/relay?callId=10000000-0000-4000-8000-000000000077&expires=9&signature=sig',
  greeting: 'Hello, Acme Dental.',
  responder: LOCAL_RESPONDER_LABEL,
};

const browserApi = (start: (r: SentRequest) => ReturnType<typeof ok> = () => ok(browserCall)) =>
  stubFetch((r) => (r.url.pathname.endsWith('call/start-browser-call') ? start(r) : ok([makeAgent()])));

/** The browser's speech synthesis, recording what it was asked to say. */
function fakeSynthesis() {
  const spoken: string[] = [];
  const cancel = jest.fn();
  Object.assign(globalThis, {
    speechSynthesis: { speak: (u: { text: string }) => spoken.push(u.text), cancel },
    SpeechSynthesisUtterance: class {
      lang = '';
      constructor(readonly text: string) {}
    },
  });
  return { spoken, cancel };
}

interface FakeRecognition {
  onresult: ((event: unknown) => void) | null;
  onend: (() => void) | null;
  start: jest.Mock;
  stop: jest.Mock;
  lang: string;
}
function fakeRecognition() {
  const made: FakeRecognition[] = [];
  (globalThis as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition = class {
    onresult: ((event: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    onerror = null;
    lang = '';
    start = jest.fn();
    stop = jest.fn(() => this.onend?.());
    constructor() {
      made.push(this as unknown as FakeRecognition);
    }
  };
  return made;
}

beforeEach(() => installFakeWebSocket());
afterEach(() => {
  for (const name of ['speechSynthesis', 'SpeechSynthesisUtterance', 'webkitSpeechRecognition']) delete (globalThis as Record<string, unknown>)[name];
});

const sentFrames = (socket: FakeWebSocket) => socket.sent.map((raw) => JSON.parse(raw) as Record<string, unknown>);

async function talkInBrowser() {
  const dialog = await openDialog();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Talk in the browser' }));
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpens());
  const input = within(dialog).getByLabelText('Say something to the agent');
  await waitFor(() => expect(input).toBeEnabled());
  const log = within(dialog).getByRole('log', { name: 'Conversation' });
  const say = async (text: string) => {
    await userEvent.type(input, text);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  };
  return { dialog, socket, log, say };
}

const logLines = (log: HTMLElement) => [...log.querySelectorAll('p')].map((p) => p.textContent);

test('talks to the agent in the browser: the greeting, typed lines and the reply as it streams in', async () => {
  const { spoken } = fakeSynthesis();
  const { requests } = browserApi();
  renderScreen(ui, user);
  const { dialog, socket, log, say } = await talkInBrowser();

  expect(requests.find((r) => r.url.pathname.endsWith('start-browser-call'))!.body).toEqual({ agentId: agentId(1) });
  expect(socket.url).toBe(`ws://api.test${browserCall.relayPath}`);
  expect(sentFrames(socket)[0]).toEqual({
    type: 'setup', callSid: browserCall.callSid, from: 'browser', direction: 'inbound', customParameters: { callId: browserCall.callId },
  });
  expect(within(dialog).getByText(`Answering: ${LOCAL_RESPONDER_LABEL}`)).toBeInTheDocument();
  expect(log).toHaveAttribute('aria-live', 'polite');
  expect(logLines(log)).toEqual(['Front Desk: Hello, Acme Dental.']);
  // Talking in the browser replaces the phone form.
  expect(within(dialog).queryByLabelText('Number to call')).toBeNull();

  await say('I need a cleaning');
  expect(sentFrames(socket)[1]).toEqual({ type: 'prompt', voicePrompt: 'I need a cleaning', lang: 'en-US', last: true });
  expect(within(dialog).getByLabelText('Say something to the agent')).toHaveValue('');

  act(() => socket.serverSends({ type: 'text', token: 'Sure, which ', last: false }));
  expect(logLines(log).at(-1)).toBe('Front Desk: Sure, which ');
  expect(log).toHaveAttribute('aria-busy', 'true');
  act(() => socket.serverSends({ type: 'text', token: 'day suits you?', last: false }));
  act(() => socket.serverSends({ type: 'text', token: '', last: true }));
  expect(logLines(log)).toEqual(['Front Desk: Hello, Acme Dental.', 'You: I need a cleaning', 'Front Desk: Sure, which day suits you?']);
  expect(log).toHaveAttribute('aria-busy', 'false');
  // Each finished line of the agent is spoken, the greeting first.
  expect(spoken).toEqual(['Hello, Acme Dental.', 'Sure, which day suits you?']);
});

test('sending while the reply is still arriving interrupts it with what was shown so far', async () => {
  const { cancel } = fakeSynthesis();
  browserApi();
  renderScreen(ui, user);
  const { socket, log, say } = await talkInBrowser();
  await say('What are your hours?');
  act(() => socket.serverSends({ type: 'text', token: 'We are open nine', last: false }));
  await say('A person please');
  const frames = sentFrames(socket).slice(2);
  expect(frames[0]).toMatchObject({ type: 'interrupt', utteranceUntilInterrupt: 'We are open nine' });
  expect(typeof frames[0]!.durationUntilInterruptMs).toBe('number');
  expect(frames[1]).toEqual({ type: 'prompt', voicePrompt: 'A person please', lang: 'en-US', last: true });
  expect(cancel).toHaveBeenCalled();
  // The next reply is a line of its own.
  act(() => socket.serverSends({ type: 'text', token: 'Putting you through.', last: true }));
  expect(logLines(log).slice(-3)).toEqual(['Front Desk: We are open nine', 'You: A person please', 'Front Desk: Putting you through.']);
});

test('a handoff says the caller is being transferred to a person; a plain end says the agent ended the call', async () => {
  browserApi();
  renderScreen(ui, user);
  const first = await talkInBrowser();
  act(() => first.socket.serverSends({ type: 'end', handoffData: JSON.stringify({ reasonCode: 'live-agent-handoff', reason: 'Asked for a person' }) }));
  expect(await within(first.dialog).findByText('Transferring you to a person…')).toBeInTheDocument();
  expect(first.socket.closedByClient).toBe(true);
  expect(within(first.dialog).queryByLabelText('Say something to the agent')).toBeNull();

  await userEvent.click(within(first.dialog).getByRole('button', { name: 'Talk again' }));
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
  const second = FakeWebSocket.latest();
  act(() => second.serverOpens());
  act(() => second.serverSends({ type: 'text', token: 'Goodbye!', last: true }));
  act(() => second.serverSends({ type: 'end', handoffData: JSON.stringify({ reasonCode: 'call-ended', reason: '' }) }));
  expect(await within(first.dialog).findByText('The agent ended the call')).toBeInTheDocument();
  expect(logLines(first.log)).toEqual(['Front Desk: Hello, Acme Dental.', 'Front Desk: Goodbye!']);
});

test('a transfer to the agent\'s number says where the caller is put through', async () => {
  browserApi();
  renderScreen(ui, user);
  const { dialog, socket } = await talkInBrowser();
  act(() => socket.serverSends({ type: 'end', handoffData: JSON.stringify({ reasonCode: 'transfer-to-number', reason: 'Asked for a person', transferTo: '+15550001111' }) }));
  expect(await within(dialog).findByText('Transferring you to the transfer number…')).toBeInTheDocument();
  expect(within(dialog).getByText('On a phone call the caller is now put through to +15550001111.')).toBeInTheDocument();
});

test('Hang up closes the socket, and so does closing the dialog', async () => {
  browserApi();
  renderScreen(ui, user);
  const { dialog, socket } = await talkInBrowser();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Hang up' }));
  expect(socket.closedByClient).toBe(true);
  expect(await within(dialog).findByText('You hung up')).toBeInTheDocument();

  await userEvent.click(within(dialog).getByRole('button', { name: 'Talk again' }));
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
  const second = FakeWebSocket.latest();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(second.closedByClient).toBe(true));
});

test('during a conversation in the browser, Escape and a click beside the dialog do not end it', async () => {
  browserApi();
  renderScreen(ui, user);
  const { dialog, socket } = await talkInBrowser();
  await userEvent.keyboard('{Escape}');
  const mask = document.querySelector('.ant-modal-wrap');
  if (mask) await userEvent.click(mask);
  expect(dialog).toBeInTheDocument();
  expect(socket.closedByClient).toBe(false);
});

test('a refused start shows the server\'s reason and keeps the phone option', async () => {
  browserApi(() => failure(400, 'This agent is not set up to answer calls'));
  renderScreen(ui, user);
  const dialog = await openDialog();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Talk in the browser' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('This agent is not set up to answer calls');
  expect(within(dialog).getByLabelText('Number to call')).toBeInTheDocument();
  expect(FakeWebSocket.instances).toHaveLength(0);
});

test('a dropped connection or a refused session says so', async () => {
  browserApi();
  renderScreen(ui, user);
  const { dialog, socket } = await talkInBrowser();
  act(() => socket.serverCloses(4401));
  expect(await within(dialog).findByText('The agent could not take this call')).toBeInTheDocument();
});

test('where the browser recognises speech, the microphone sends each final phrase as a prompt', async () => {
  const made = fakeRecognition();
  browserApi();
  renderScreen(ui, user);
  const { dialog, socket, log } = await talkInBrowser();
  const mic = within(dialog).getByRole('button', { name: 'Microphone' });
  expect(mic).toHaveAttribute('aria-pressed', 'false');
  await userEvent.click(mic);
  expect(mic).toHaveAttribute('aria-pressed', 'true');
  const recognition = made[0]!;
  expect(recognition.start).toHaveBeenCalled();
  expect(recognition.lang).toBe('en-US');
  act(() => recognition.onresult!({
    resultIndex: 0,
    results: [{ isFinal: false, 0: { transcript: 'book a' } }, { isFinal: true, 0: { transcript: ' Book a cleaning ' } }],
  }));
  expect(sentFrames(socket).at(-1)).toEqual({ type: 'prompt', voicePrompt: 'Book a cleaning', lang: 'en-US', last: true });
  expect(logLines(log).at(-1)).toBe('You: Book a cleaning');
  await userEvent.click(mic);
  expect(recognition.stop).toHaveBeenCalled();
  expect(mic).toHaveAttribute('aria-pressed', 'false');
});

test('without speech recognition there is no microphone button', async () => {
  browserApi();
  renderScreen(ui, user);
  const { dialog } = await talkInBrowser();
  expect(within(dialog).queryByRole('button', { name: 'Microphone' })).toBeNull();
});
