import { FakeWebSocket, installFakeWebSocket } from 'shared-auth/src/testing';
import { RelayClient, type RelayClientHandlers } from './relay-client';

const ids = { callId: '10000000-0000-4000-8000-000000000001', callSid: 'CA0123456789abcdef0123456789abcdef' };

let clock = 0;
let warn: jest.SpyInstance;
beforeEach(() => {
  installFakeWebSocket();
  clock = 1_000;
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

/** A client on an open socket; `events` records what the conversation view would be told. */
function connect() {
  const events: unknown[] = [];
  const handlers: RelayClientHandlers = {
    onOpen: () => events.push('open'),
    onToken: (token) => events.push(['token', token]),
    onReplyEnd: (how) => events.push(['reply', how]),
    onClosed: (closed) => events.push(['closed', closed]),
  };
  const client = new RelayClient('ws://api.test/v1/telephony/relay?callId=x', ids, handlers, () => clock);
  const socket = FakeWebSocket.latest();
  socket.serverOpens();
  const sent = () => socket.sent.map((raw) => JSON.parse(raw) as Record<string, unknown>);
  return { client, socket, events, sent };
}

test('opens the relay URL and introduces itself as Twilio would, naming the call', () => {
  const { socket, events, sent } = connect();
  expect(socket.url).toBe('ws://api.test/v1/telephony/relay?callId=x');
  expect(sent()).toEqual([
    { type: 'setup', callSid: ids.callSid, from: 'browser', direction: 'inbound', customParameters: { callId: ids.callId } },
  ]);
  expect(events).toEqual(['open']);
});

test('a typed line goes out as a final prompt; the streamed reply arrives token by token and closes on last', () => {
  const { client, socket, events, sent } = connect();
  expect(client.say('  I need a cleaning  ')).toBe(true);
  expect(sent()[1]).toEqual({ type: 'prompt', voicePrompt: 'I need a cleaning', lang: 'en-US', last: true });
  socket.serverSends({ type: 'text', token: 'Sure, ', last: false });
  expect(client.replying).toBe(true);
  socket.serverSends({ type: 'text', token: 'which day?', last: false });
  socket.serverSends({ type: 'text', token: '', last: true });
  expect(client.replying).toBe(false);
  expect(events.slice(1)).toEqual([['token', 'Sure, '], ['token', 'which day?'], ['reply', 'finished']]);
});

test('talking over a reply interrupts it with what was shown so far and how long it ran', () => {
  const { client, socket, events, sent } = connect();
  client.say('Hi');
  socket.serverSends({ type: 'text', token: 'We are open ', last: false });
  clock += 700;
  socket.serverSends({ type: 'text', token: 'nine to', last: false });
  clock += 500;
  client.say('A person, please');
  expect(sent().slice(2)).toEqual([
    { type: 'interrupt', utteranceUntilInterrupt: 'We are open nine to', durationUntilInterruptMs: 1200 },
    { type: 'prompt', voicePrompt: 'A person, please', lang: 'en-US', last: true },
  ]);
  expect(events.at(-1)).toEqual(['reply', 'interrupted']);
  // A line after a finished reply interrupts nothing.
  socket.serverSends({ type: 'text', token: 'One moment.', last: true });
  client.say('Thanks');
  expect(sent().slice(4).map((f) => f.type)).toEqual(['prompt']);
});

test('an end with a live-agent handoff reports the transfer and closes the session', () => {
  const { client, socket, events } = connect();
  socket.serverSends({ type: 'text', token: 'Putting you through.', last: true });
  socket.serverSends({ type: 'end', handoffData: JSON.stringify({ reasonCode: 'live-agent-handoff', reason: 'Wants to reschedule' }) });
  expect(events.at(-1)).toEqual(['closed', { kind: 'ended', handoff: { reasonCode: 'live-agent-handoff', reason: 'Wants to reschedule' } }]);
  expect(socket.closedByClient).toBe(true);
  // Nothing more is sent or reported once it is over.
  expect(client.say('Hello?')).toBe(false);
  socket.serverCloses(1000);
  socket.serverSends({ type: 'text', token: 'late', last: true });
  expect(events.filter((e) => Array.isArray(e) && e[0] === 'closed')).toHaveLength(1);
  expect(events).not.toContainEqual(['token', 'late']);
});

test('an end without handoff data, or with data that is not ours, is a plain end', () => {
  const plain = connect();
  plain.socket.serverSends({ type: 'end' });
  expect(plain.events.at(-1)).toEqual(['closed', { kind: 'ended', handoff: null }]);
  const odd = connect();
  odd.socket.serverSends({ type: 'end', handoffData: '{"reasonCode":"somewhere-else"}' });
  expect(odd.events.at(-1)).toEqual(['closed', { kind: 'ended', handoff: null }]);
});

test('hanging up closes the socket; a refused or dropped socket says which', () => {
  const mine = connect();
  mine.client.hangUp();
  expect(mine.socket.closedByClient).toBe(true);
  expect(mine.events.at(-1)).toEqual(['closed', { kind: 'hung-up' }]);

  const refused = connect();
  refused.socket.serverCloses(4401);
  expect(refused.events.at(-1)).toEqual(['closed', { kind: 'refused' }]);

  const dropped = connect();
  dropped.socket.serverSends({ type: 'text', token: 'Half a', last: false });
  dropped.socket.serverCloses(1006);
  expect(dropped.events.at(-1)).toEqual(['closed', { kind: 'dropped' }]);
  expect(dropped.client.replying).toBe(false);
});

test('malformed and unknown frames are ignored with a warning; the conversation goes on', () => {
  const { client, socket, events } = connect();
  socket.serverSends('not json');
  socket.serverSends({ type: 'dance' });
  socket.serverSends({ type: 'play', source: 'https://example.com/hold.mp3' });
  expect(warn).toHaveBeenCalledTimes(2);
  expect(events).toEqual(['open']);
  expect(client.say('Still there?')).toBe(true);
});

test('nothing is sent before the socket opens, and an empty line is not sent', () => {
  const client = new RelayClient('ws://api.test/relay', ids, { onOpen: jest.fn(), onToken: jest.fn(), onReplyEnd: jest.fn(), onClosed: jest.fn() });
  expect(client.say('Hello')).toBe(false);
  expect(FakeWebSocket.latest().sent).toEqual([]);
  FakeWebSocket.latest().serverOpens();
  expect(client.say('   ')).toBe(false);
  expect(FakeWebSocket.latest().sent).toHaveLength(1);
});
