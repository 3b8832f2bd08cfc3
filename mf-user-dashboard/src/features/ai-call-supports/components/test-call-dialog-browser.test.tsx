import { act, fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { LOCAL_RESPONDER_LABEL } from 'shared-contracts';
import { failure, FakeWebSocket, installFakeWebSocket, makeUser, ok, renderScreen, stubFetch, type SentRequest } from 'shared-auth/src/testing';
import { TestCallDialog, type TestCallTarget } from './test-call-dialog';
import { agentId } from '../test-support/agent-fixtures';

// Talk in the browser: the API's reply, then the relay socket it names, driven frame by frame.
const browserCall = {
  callId: '10000000-0000-4000-8000-000000000077',
  callSid: 'CA0123456789abcdef0123456789abcdef',
  relayPath: '/v1/telephony/relay?callId=10000000-0000-4000-8000-000000000077&expires=9&signature=sig',
  greeting: 'Hello, Acme Dental.',
  responder: LOCAL_RESPONDER_LABEL,
};

const target: TestCallTarget = { id: agentId(1), name: 'Front Desk', phoneNumber: '+15551230001' };

/** The dialog as the agent list holds it: open on one agent until it is closed. */
function OpenDialog() {
  const [agent, setAgent] = useState<TestCallTarget | null>(target);
  return <TestCallDialog agent={agent} onClose={() => setAgent(null)} />;
}

const browserApi = (start: (r: SentRequest) => ReturnType<typeof ok> = () => ok(browserCall)) =>
  stubFetch((r) => {
    if (r.url.pathname.endsWith('call/start-browser-call')) return start(r);
    throw new Error(`no reply stubbed for ${r.method} ${r.url.href}`);
  });

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
  jest.restoreAllMocks();
  for (const name of ['speechSynthesis', 'SpeechSynthesisUtterance', 'webkitSpeechRecognition']) delete (globalThis as Record<string, unknown>)[name];
});

const sentFrames = (socket: FakeWebSocket) => socket.sent.map((raw) => JSON.parse(raw) as Record<string, unknown>);

async function openDialog() {
  const view = renderScreen(<OpenDialog />, makeUser());
  return within(view.baseElement).findByRole('dialog', { name: 'Test call from Front Desk' });
}

async function talkInBrowser() {
  const user = userEvent.setup({ delay: null });
  const dialog = await openDialog();
  await user.click(within(dialog).getByRole('button', { name: 'Talk in the browser' }));
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpens());
  const input = within(dialog).getByLabelText('Say something to the agent');
  await waitFor(() => expect(input).toBeEnabled());
  const log = within(dialog).getByRole('log', { name: 'Conversation' });
  // What is said matters here, not the keystrokes that wrote it.
  const say = async (text: string) => {
    fireEvent.change(input, { target: { value: text } });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  };
  return { dialog, socket, log, say };
}

const logLines = (log: HTMLElement) => [...log.querySelectorAll('p')].map((p) => p.textContent);

test('talks to the agent in the browser: the greeting, typed lines and the reply as it streams in', async () => {
  const { spoken } = fakeSynthesis();
  const { requests } = browserApi();
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
  const { dialog, socket } = await talkInBrowser();
  act(() => socket.serverSends({ type: 'end', handoffData: JSON.stringify({ reasonCode: 'transfer-to-number', reason: 'Asked for a person', transferTo: '+15550001111' }) }));
  expect(await within(dialog).findByText('Transferring you to the transfer number…')).toBeInTheDocument();
  expect(within(dialog).getByText('On a phone call the caller is now put through to +15550001111.')).toBeInTheDocument();
});

test('Hang up closes the socket, and so does closing the dialog', async () => {
  browserApi();
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
  const { dialog, socket } = await talkInBrowser();
  await userEvent.keyboard('{Escape}');
  const mask = document.querySelector('.ant-modal-wrap');
  if (mask) await userEvent.click(mask);
  expect(dialog).toBeInTheDocument();
  expect(socket.closedByClient).toBe(false);
});

test('a refused start shows the server\'s reason and keeps the phone option', async () => {
  browserApi(() => failure(400, 'This agent is not set up to answer calls'));
  const dialog = await openDialog();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Talk in the browser' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('This agent is not set up to answer calls');
  expect(within(dialog).getByLabelText('Number to call')).toBeInTheDocument();
  expect(FakeWebSocket.instances).toHaveLength(0);
});

test('a dropped connection or a refused session says so', async () => {
  browserApi();
  const { dialog, socket } = await talkInBrowser();
  act(() => socket.serverCloses(4401));
  expect(await within(dialog).findByText('The agent could not take this call')).toBeInTheDocument();
});

test('where the browser recognises speech, the microphone sends each final phrase as a prompt', async () => {
  const made = fakeRecognition();
  browserApi();
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
  const { dialog } = await talkInBrowser();
  expect(within(dialog).queryByRole('button', { name: 'Microphone' })).toBeNull();
});
