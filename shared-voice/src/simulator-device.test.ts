import { FakeWebSocket, installFakeWebSocket } from 'shared-auth/src/testing';
import type { PhoneCall } from './phone-device';
import { SimulatorDevice } from './simulator-device';

const SID = `CA${'a'.repeat(32)}`;

beforeEach(() => installFakeWebSocket());
afterEach(() => jest.useRealTimers());

async function registered() {
  const device = new SimulatorDevice('ws://api.test', 'voice-token');
  const events: string[] = [];
  device.on('registered', () => events.push('registered'));
  device.on('unregistered', () => events.push('unregistered'));
  device.on('error', (e) => events.push(`error ${e.code}`));
  const done = device.register();
  const socket = FakeWebSocket.latest();
  socket.serverOpens();
  socket.serverSends({ type: 'registered' });
  await done;
  return { device, socket, events, sent: () => socket.sent.map((raw) => JSON.parse(raw) as unknown) };
}

test('registers with its token on the simulator\'s signalling socket', async () => {
  const { socket, events } = await registered();
  expect(socket.url).toBe('ws://api.test/v1/telephony/simulator/voice?token=voice-token');
  expect(events).toEqual(['registered']);
});

test('an incoming call can be accepted, gets DTMF, and ends when the other side hangs up', async () => {
  const { device, socket, sent } = await registered();
  let call: PhoneCall | null = null;
  device.on('incoming', (c) => { call = c; });
  socket.serverSends({ type: 'incoming', callSid: SID, from: '+15551112222' });
  expect(call!.from).toBe('+15551112222');
  expect(call!.sid).toBe(SID);
  const log: string[] = [];
  call!.on('accept', () => log.push('accept'));
  call!.on('disconnect', () => log.push('disconnect'));
  call!.accept();
  socket.serverSends({ type: 'accepted', callSid: SID });
  call!.sendDigits('12#');
  socket.serverSends({ type: 'disconnected', callSid: SID });
  socket.serverSends({ type: 'disconnected', callSid: SID });
  // The softphone hanging up a call that is already over (the server's DISCONNECT_CALL) sends nothing.
  call!.disconnect();
  expect(log).toEqual(['accept', 'disconnect']);
  expect(sent()).toEqual([{ type: 'accept', callSid: SID }, { type: 'digits', callSid: SID, digits: '12#' }]);
});

test('a caller who hangs up before the answer cancels the call', async () => {
  const { device, socket } = await registered();
  const log: string[] = [];
  device.on('incoming', (c) => c.on('cancel', () => log.push('cancel')));
  socket.serverSends({ type: 'incoming', callSid: SID, from: '+15551112222' });
  socket.serverSends({ type: 'cancel', callSid: SID });
  expect(log).toEqual(['cancel']);
});

test('connect passes To and resolves once the simulator names the call', async () => {
  const { device, socket, sent } = await registered();
  const placing = device.connect('+15553334444');
  expect(sent()).toEqual([{ type: 'connect', requestId: 'r1', to: '+15553334444' }]);
  socket.serverSends({ type: 'ringing', callSid: SID, requestId: 'r1' });
  const call = await placing;
  call.disconnect();
  expect(sent().at(-1)).toEqual({ type: 'hangup', callSid: SID });
});

test('a call the simulator refuses, or one still being placed when signalling drops, fails to connect instead of waiting', async () => {
  const { device, socket, events } = await registered();
  const refused = device.connect('+15553334444');
  socket.serverSends({ type: 'error', code: 31603, message: 'Unknown caller', requestId: 'r1' });
  await expect(refused).rejects.toMatchObject({ code: 31603, message: 'Unknown caller' });
  expect(events).toEqual(['registered']);
  const cut = device.connect('+15553334444');
  socket.serverCloses(1006);
  await expect(cut).rejects.toMatchObject({ code: 31005 });
  device.destroy();
});

test('a malformed invite is reported as such; a refused token is error 20101', async () => {
  const { socket, events } = await registered();
  socket.serverSends({ type: 'incoming', callSid: 'nope' });
  expect(events).toContain('error 31100');
  const refused = new SimulatorDevice('ws://api.test', 'bad');
  const attempt = refused.register();
  FakeWebSocket.latest().serverCloses(4401);
  await expect(attempt).rejects.toMatchObject({ code: 20101 });
});

test('when signalling drops it goes unregistered and registers again with backoff', async () => {
  jest.useFakeTimers();
  const { socket, events } = await registered();
  socket.serverCloses(1006);
  expect(events).toEqual(['registered', 'unregistered', 'error 31005']);
  jest.advanceTimersByTime(10_000);
  const again = FakeWebSocket.latest();
  expect(again).not.toBe(socket);
  again.serverOpens();
  again.serverSends({ type: 'registered' });
  expect(events.at(-1)).toBe('registered');
});
