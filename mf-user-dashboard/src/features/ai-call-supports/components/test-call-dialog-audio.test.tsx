import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FakeWebSocket, installFakeWebSocket, makeUser, ok, renderScreen, stubFetch } from 'shared-auth/src/testing';
import { TestCallDialog, type TestCallTarget } from './test-call-dialog';
import { AGENT_SPEAKING_TEXT, AUDIO_CALL_TEXT } from './browser-call-panel';
import { NO_MICROPHONE_TEXT } from '../hooks/use-browser-call';
import { agentId } from '../test-support/agent-fixtures';
import { base64OfBytes } from '../api/phone-audio';
import * as phoneAudio from '../api/browser-phone-audio';

// The browser's microphone and speakers stand in for Web Audio, which jsdom has not: the dialog
// is driven through what a USER sees and the frames on the Media Streams socket.
jest.mock('../api/browser-phone-audio', () => ({ canCarryCallAudio: jest.fn(), openBrowserPhoneLine: jest.fn() }));
const mocked = jest.mocked(phoneAudio);

const callId = '10000000-0000-4000-8000-000000000078';
const pipelineCall = {
  callId,
  callSid: 'CA0123456789abcdef0123456789abcdef',
  relayPath: `/v1/telephony/relay?callId=${callId}&expires=9&signature=sig`,
  audioPath: `/v1/telephony/media-stream?callId=${callId}&expires=9&signature=sig`,
  greeting: 'Hello, Acme Dental.',
  responder: 'Local responder',
};

const target: TestCallTarget = { id: agentId(1), name: 'Front Desk', phoneNumber: '+15551230001' };

function OpenDialog() {
  const [agent, setAgent] = useState<TestCallTarget | null>(target);
  return <TestCallDialog agent={agent} onClose={() => setAgent(null)} />;
}

/** Speakers that tell the page when the agent's voice plays, and a muting microphone. */
function fakeLine() {
  let playing: (on: boolean) => void = () => {};
  const line = { listen: jest.fn(), play: jest.fn(), afterPlayed: jest.fn(), clear: jest.fn(), close: jest.fn(), setMuted: jest.fn() };
  mocked.canCarryCallAudio.mockReturnValue(true);
  mocked.openBrowserPhoneLine.mockImplementation(async (onPlaying) => {
    playing = onPlaying;
    return line;
  });
  return { line, playing: (on: boolean) => playing(on) };
}

beforeEach(() => {
  installFakeWebSocket();
  stubFetch((r) => {
    if (r.url.pathname.endsWith('call/start-browser-call')) return ok(pipelineCall);
    throw new Error(`no reply stubbed for ${r.method} ${r.url.href}`);
  });
});
afterEach(() => jest.resetAllMocks());

async function talk() {
  const user = userEvent.setup({ delay: null });
  const view = renderScreen(<OpenDialog />, makeUser());
  const dialog = await within(view.baseElement).findByRole('dialog', { name: 'Test call from Front Desk' });
  await user.click(within(dialog).getByRole('button', { name: 'Talk in the browser' }));
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpens());
  return { user, dialog, socket, log: within(dialog).getByRole('log', { name: 'Conversation' }) };
}

const logLines = (log: HTMLElement) => [...log.querySelectorAll('p')].map((p) => p.textContent);

test('an agent on our pipeline is heard in its own voice: the microphone goes out, the words show beside the audio', async () => {
  const { line, playing } = fakeLine();
  const { user, dialog, socket, log } = await talk();
  expect(socket.url).toBe(`ws://api.test${pipelineCall.audioPath}`);
  const streamSid = (JSON.parse(socket.sent[1]!) as { streamSid: string }).streamSid;
  expect(within(dialog).getByText(AUDIO_CALL_TEXT)).toBeInTheDocument();
  // Nothing is typed on a call carried as audio.
  expect(within(dialog).queryByLabelText('Say something to the agent')).toBeNull();

  act(() => socket.serverSends({ event: 'media', streamSid, media: { payload: base64OfBytes(new Uint8Array([1, 2])) } }));
  expect(line.play).toHaveBeenCalledWith(new Uint8Array([1, 2]));
  act(() => playing(true));
  expect(within(dialog).getByRole('status')).toHaveTextContent(AGENT_SPEAKING_TEXT);
  act(() => playing(false));
  expect(within(dialog).getByRole('status')).not.toHaveTextContent(AGENT_SPEAKING_TEXT);

  act(() => socket.serverSends({ event: 'heard', streamSid, heard: { text: 'Do you open on Sundays?' } }));
  act(() => socket.serverSends({ event: 'text', streamSid, text: { token: 'We are closed on Sundays.', last: true } }));
  expect(logLines(log)).toEqual(['Front Desk: Hello, Acme Dental.', 'You: Do you open on Sundays?', 'Front Desk: We are closed on Sundays.']);

  await user.click(within(dialog).getByRole('button', { name: 'Mute' }));
  expect(line.setMuted).toHaveBeenLastCalledWith(true);
  expect(within(dialog).getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');

  act(() => socket.serverSends({ event: 'end', streamSid, end: { handoffData: JSON.stringify({ reasonCode: 'call-ended', reason: '' }) } }));
  act(() => socket.serverCloses(1000));
  expect(within(dialog).getByRole('status')).toHaveTextContent('The agent ended the call');
  expect(line.close).toHaveBeenCalled();
});

test('without a microphone the same agent is talked to in words, and the page says why', async () => {
  mocked.canCarryCallAudio.mockReturnValue(true);
  mocked.openBrowserPhoneLine.mockRejectedValue(new Error('Permission denied'));
  const { dialog, socket } = await talk();
  expect(socket.url).toBe(`ws://api.test${pipelineCall.relayPath}`);
  expect(within(dialog).getByText(`${NO_MICROPHONE_TEXT} (Permission denied)`)).toBeInTheDocument();
  await waitFor(() => expect(within(dialog).getByLabelText('Say something to the agent')).toBeEnabled());
});
