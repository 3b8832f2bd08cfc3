import { FakeWebSocket, installFakeWebSocket } from 'shared-auth/src/testing';
import { MediaStreamClient, type MediaStreamClientHandlers, type PhoneLineAudio } from './media-stream-client';
import { base64OfBytes } from './phone-audio';

const ids = { callId: '10000000-0000-4000-8000-000000000001', callSid: 'CA0123456789abcdef0123456789abcdef' };
const URL = 'ws://api.test/v1/telephony/media-stream?callId=x';

/** Speakers that play when the test says: what waits on the queue runs on `finishPlaying`. */
function fakeLine() {
  const played: number[][] = [];
  let waiting: Array<() => void> = [];
  let mic: ((audio: Uint8Array) => void) | null = null;
  const line: PhoneLineAudio & { cleared: number; closed: boolean } = {
    cleared: 0,
    closed: false,
    listen: (frame) => { mic = frame; },
    play: (audio) => played.push([...audio]),
    afterPlayed: (done) => waiting.push(done),
    clear: () => {
      line.cleared += 1;
      const now = waiting;
      waiting = [];
      for (const done of now) done();
    },
    close: () => { line.closed = true; },
  };
  return {
    line, played,
    speak: (audio: Uint8Array) => mic?.(audio),
    finishPlaying: () => {
      const now = waiting;
      waiting = [];
      for (const done of now) done();
    },
  };
}

let warn: jest.SpyInstance;
beforeEach(() => {
  installFakeWebSocket();
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

function connect() {
  const events: unknown[] = [];
  const handlers: MediaStreamClientHandlers = {
    onOpen: () => events.push('open'),
    onToken: (token) => events.push(['token', token]),
    onReplyEnd: (how) => events.push(['reply', how]),
    onCallerHeard: (text) => events.push(['caller', text]),
    onClosed: (closed) => events.push(['closed', closed]),
  };
  const audio = fakeLine();
  const client = new MediaStreamClient(URL, ids, audio.line, handlers);
  const socket = FakeWebSocket.latest();
  socket.serverOpens();
  const sent = () => socket.sent.map((raw) => JSON.parse(raw) as Record<string, unknown>);
  const streamSid = sent()[1]!.streamSid as string;
  return { client, socket, events, sent, audio, streamSid };
}

test('starts the stream for its call as Twilio would, and sends the microphone as phone audio', () => {
  const { socket, events, sent, audio, streamSid } = connect();
  expect(socket.url).toBe(URL);
  expect(streamSid).toMatch(/^MZ[0-9a-f]{32}$/);
  expect(sent()).toEqual([
    { event: 'connected', protocol: 'Call', version: '1.0.0' },
    {
      event: 'start', streamSid,
      start: {
        streamSid, callSid: ids.callSid, tracks: ['inbound'], customParameters: { callId: ids.callId },
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      },
    },
  ]);
  expect(events).toEqual(['open']);
  audio.speak(new Uint8Array([1, 2, 3]));
  expect(sent()[2]).toEqual({ event: 'media', streamSid, media: { track: 'inbound', payload: base64OfBytes(new Uint8Array([1, 2, 3])) } });
});

test('plays the agent\'s audio and echoes each mark only once the audio before it has played', () => {
  const { socket, sent, audio, streamSid } = connect();
  socket.serverSends({ event: 'media', streamSid, media: { payload: base64OfBytes(new Uint8Array([0x10, 0x20])) } });
  socket.serverSends({ event: 'mark', streamSid, mark: { name: 'reply-1' } });
  expect(audio.played).toEqual([[0x10, 0x20]]);
  expect(sent().filter((f) => f.event === 'mark')).toEqual([]);
  audio.finishPlaying();
  expect(sent().filter((f) => f.event === 'mark')).toEqual([{ event: 'mark', streamSid, mark: { name: 'reply-1' } }]);
});

test('shows the words beside the audio: the caller\'s turn as heard, the reply as written', () => {
  const { socket, events, streamSid } = connect();
  socket.serverSends({ event: 'heard', streamSid, heard: { text: 'Are you open today?' } });
  socket.serverSends({ event: 'text', streamSid, text: { token: 'We are ', last: false } });
  socket.serverSends({ event: 'text', streamSid, text: { token: 'open.', last: true } });
  expect(events.slice(1)).toEqual([['caller', 'Are you open today?'], ['token', 'We are '], ['token', 'open.'], ['reply', 'finished']]);
});

test('a clear drops the audio not yet played, answers its marks at once, and ends the reply as interrupted', () => {
  const { socket, events, sent, audio, streamSid } = connect();
  socket.serverSends({ event: 'text', streamSid, text: { token: 'We open at nine. ', last: false } });
  socket.serverSends({ event: 'media', streamSid, media: { payload: base64OfBytes(new Uint8Array([1])) } });
  socket.serverSends({ event: 'mark', streamSid, mark: { name: 'reply-2' } });
  socket.serverSends({ event: 'clear', streamSid });
  expect(audio.line.cleared).toBe(1);
  expect(sent().filter((f) => f.event === 'mark')).toEqual([{ event: 'mark', streamSid, mark: { name: 'reply-2' } }]);
  expect(events.at(-1)).toEqual(['reply', 'interrupted']);
});

test('the agent\'s end says where the caller goes once the server closes after the last words', () => {
  const { socket, events, audio, streamSid } = connect();
  socket.serverSends({ event: 'end', streamSid, end: { handoffData: JSON.stringify({ reasonCode: 'live-agent-handoff', reason: 'Asked for a person' }) } });
  expect(events.at(-1)).toBe('open');
  socket.serverCloses(1000);
  expect(events.at(-1)).toEqual(['closed', { kind: 'ended', handoff: { reasonCode: 'live-agent-handoff', reason: 'Asked for a person' } }]);
  expect(audio.line.closed).toBe(true);
});

test('a refused link, a dropped socket and a hang-up each close once, and a bad frame is ignored', () => {
  const refused = connect();
  refused.socket.serverCloses(4401);
  expect(refused.events.at(-1)).toEqual(['closed', { kind: 'refused' }]);

  const dropped = connect();
  dropped.socket.serverSends({ event: 'media', streamSid: dropped.streamSid, media: {} });
  expect(warn).toHaveBeenCalled();
  dropped.socket.serverCloses(1006);
  expect(dropped.events.slice(1)).toEqual([['closed', { kind: 'dropped' }]]);

  const hungUp = connect();
  hungUp.client.hangUp();
  expect(hungUp.sent().at(-1)).toEqual({ event: 'stop', streamSid: hungUp.streamSid });
  hungUp.client.hangUp();
  expect(hungUp.events.filter((e) => Array.isArray(e) && e[0] === 'closed')).toEqual([['closed', { kind: 'hung-up' }]]);
  expect(hungUp.audio.line.closed).toBe(true);
});
