import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SUBSCRIPTION_BATCH_MS } from 'shared-contracts';
import { resetAuth, setSessionUser, setToken } from '../auth/auth-actions';
import { configureRuntime } from '../runtime-config';
import { authStore } from '../store';
import { FakeWebSocket, installFakeWebSocket, makeUser, resetAuthStore } from '../testing';
import { agentStatusesAtom, callStatusAtom, queueAtom, recentSmsAtom, smsStatusChangedAtom } from './realtime-atoms';
import { RealtimeProvider, useRealtime } from './realtime-provider';
import { useServerMessage } from './use-server-message';
import type { RealtimeApi } from './realtime-provider';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = '2026-01-02T03:04:05.000Z';
const entry = (n: number) => ({ id: id(n), phoneNumber: `+1555000000${n}`, callerName: null, enqueuedAt: at });

let warn: jest.SpyInstance;
beforeEach(() => {
  resetAuthStore();
  installFakeWebSocket();
  configureRuntime({ apiBase: 'https://api.test', wsBase: 'wss://api.test' });
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
  jest.useRealTimers();
});

const wrapper = ({ children }: { children: ReactNode }) => <RealtimeProvider>{children}</RealtimeProvider>;

function signedIn() {
  const user = makeUser({ role: 'AGENT' });
  setToken('tok');
  setSessionUser(user);
  const hook = renderHook(() => useRealtime(), { wrapper });
  return { user, hook, api: () => hook.result.current as RealtimeApi };
}

test('does not connect without an account id', () => {
  renderHook(() => useRealtime(), { wrapper });
  expect(FakeWebSocket.instances).toHaveLength(0);
});

test('connects to <wsBase>/ws with the account id and token, and closes on logout', () => {
  const { user } = signedIn();
  const socket = FakeWebSocket.latest();
  expect(socket.url).toBe(`wss://api.test/ws?accountId=${user.accountId}&token=tok`);
  act(() => resetAuth());
  expect(socket.closedByClient).toBe(true);
});

test('received messages update the atoms as the socket contract says', () => {
  const { user } = signedIn();
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpens());

  act(() => socket.serverSends({ type: 'STATUS_UPDATED', agentId: id(1), status: 'busy', busyFrom: at }));
  // From a server that sends no reason or time in status, both read as unknown.
  expect(authStore.get(agentStatusesAtom)[id(1)]).toEqual({ status: 'busy', busyFrom: at, awayReason: null, since: null });

  authStore.set(callStatusAtom, true);
  act(() => socket.serverSends({ type: 'DISCONNECT_CALL' }));
  expect(authStore.get(callStatusAtom)).toBe(false);

  // Another agent's call ending leaves this agent's call status alone; its own resets it.
  authStore.set(callStatusAtom, true);
  act(() => socket.serverSends({ type: 'DISCONNECT_CALL', callSid: 'CA1', agentId: id(9) }));
  expect(authStore.get(callStatusAtom)).toBe(true);
  act(() => socket.serverSends({ type: 'DISCONNECT_CALL', callSid: 'CA1', agentId: user.id }));
  expect(authStore.get(callStatusAtom)).toBe(false);

  const sms = { id: id(2), conversationId: id(3), direction: 'inbound', fromNumber: '+15550000001', toNumber: '+15550000002', content: 'hi', status: 'received', createdAt: at };
  act(() => socket.serverSends({ type: 'RECEIVE_SMS', payload: sms }));
  expect(authStore.get(recentSmsAtom)).toEqual(sms);

  act(() => socket.serverSends({ type: 'SMS_STATUS_CHANGED', payload: { id: id(2), conversationId: id(3), status: 'delivered' } }));
  expect(authStore.get(smsStatusChangedAtom)).toEqual({ id: id(2), conversationId: id(3), status: 'delivered' });

  act(() => socket.serverSends({ type: 'QUEUE_UPDATED', queue: [entry(4)] }));
  expect(authStore.get(queueAtom)).toEqual([entry(4)]);
  act(() => socket.serverSends({ type: 'QUEUE_UPDATED' }));
  // The queue's second update within SUBSCRIPTION_BATCH_MS is written when the window ends;
  // INITIAL_STATUS below writes it first.
  expect(authStore.get(queueAtom)).toEqual([entry(4)]);

  act(() => socket.serverSends({ type: 'INITIAL_STATUS', queue: [entry(5)], statuses: [{ agentId: id(6), status: 'available', busyFrom: null }] }));
  expect(authStore.get(queueAtom)).toEqual([entry(5)]);
  expect(authStore.get(agentStatusesAtom)).toEqual({ [id(6)]: { status: 'available', busyFrom: null, awayReason: null, since: null } });
  act(() => socket.serverSends({ type: 'INITIAL_STATUS' }));
  expect(authStore.get(queueAtom)).toEqual([entry(5)]);
});

test('a burst of status and queue updates reaches the store at once, then once per batch window, none lost', () => {
  jest.useFakeTimers();
  signedIn();
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpens());
  let statusWrites = 0;
  let queueWrites = 0;
  const unsubscribe = [
    authStore.sub(agentStatusesAtom, () => { statusWrites += 1; }),
    authStore.sub(queueAtom, () => { queueWrites += 1; }),
  ];

  act(() => {
    for (let n = 1; n <= 50; n += 1) {
      socket.serverSends({ type: 'STATUS_UPDATED', agentId: id(n), status: 'busy', busyFrom: at });
      socket.serverSends({ type: 'QUEUE_UPDATED', queue: [entry(n % 10)] });
    }
  });
  // The first of each is shown at once.
  expect(Object.keys(authStore.get(agentStatusesAtom))).toEqual([id(1)]);
  expect(authStore.get(queueAtom)).toEqual([entry(1)]);

  act(() => jest.advanceTimersByTime(SUBSCRIPTION_BATCH_MS - 1));
  expect(Object.keys(authStore.get(agentStatusesAtom))).toHaveLength(1);
  act(() => jest.advanceTimersByTime(1));
  expect(Object.keys(authStore.get(agentStatusesAtom))).toHaveLength(50);
  expect(authStore.get(queueAtom)).toEqual([entry(0)]);
  expect([statusWrites, queueWrites]).toEqual([2, 2]);
  unsubscribe.forEach((stop) => stop());
});

test('updates still waiting for their window are dropped with the socket at logout', () => {
  jest.useFakeTimers();
  signedIn();
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpens());
  act(() => {
    socket.serverSends({ type: 'QUEUE_UPDATED', queue: [entry(1)] });
    socket.serverSends({ type: 'QUEUE_UPDATED', queue: [entry(2)] });
  });
  act(() => resetAuth());
  act(() => jest.advanceTimersByTime(SUBSCRIPTION_BATCH_MS * 2));
  expect(authStore.get(queueAtom)).toEqual([]);
});

test('screens listening for a message type hear it from the socket', () => {
  const user = makeUser({ role: 'USER' });
  setToken('tok');
  setSessionUser(user);
  const heard: unknown[] = [];
  renderHook(() => {
    useServerMessage('LIVE_CALL_ENDED', (m) => heard.push(m));
    return useRealtime();
  }, { wrapper });
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpens());
  act(() => socket.serverSends({ type: 'QUEUE_UPDATED', queue: [] }));
  act(() => socket.serverSends({ type: 'LIVE_CALL_ENDED', callId: id(1) }));
  expect(heard).toEqual([{ type: 'LIVE_CALL_ENDED', callId: id(1) }]);
});

test('malformed frames are ignored with a warning', () => {
  signedIn();
  const socket = FakeWebSocket.latest();
  act(() => socket.serverSends('not json'));
  act(() => socket.serverSends({ type: 'QUEUE_UPDATED', queue: [{ id: 'nope' }] }));
  expect(authStore.get(queueAtom)).toEqual([]);
  expect(warn).toHaveBeenCalledTimes(2);
});

test('sends only when the socket is open', () => {
  const { api } = signedIn();
  const socket = FakeWebSocket.latest();

  expect(api().sendUpdateStatus(id(1), 'available')).toBe(false);
  expect(socket.sent).toHaveLength(0);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('not open'));

  act(() => socket.serverOpens());
  expect(api().connectionState).toBe('open');
  expect(api().sendUpdateStatus(id(1), 'available')).toBe(true);
  expect(JSON.parse(socket.sent[0]!)).toEqual({ type: 'UPDATE_STATUS', agentId: id(1), status: 'available' });
});

test('active status and queue removal fall back to the session account id, and queue removal names the caller taken', () => {
  const { api, user } = signedIn();
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpens());

  api().sendAgentActiveStatus({ agentId: user.id, isActive: true });
  api().sendRemoveFromQueue({ agentId: user.id });
  api().sendRemoveFromQueue({ agentId: user.id, accountId: id(9) });
  api().sendRemoveFromQueue({ agentId: user.id, entryId: id(5) });
  expect(socket.sent.map((s) => JSON.parse(s))).toEqual([
    { type: 'AGENT_ACTIVE_STATUS', accountId: user.accountId, agentId: user.id, isActive: true },
    { type: 'REMOVE_FROM_QUEUE', agentId: user.id, accountId: user.accountId },
    { type: 'REMOVE_FROM_QUEUE', agentId: user.id, accountId: id(9) },
    { type: 'REMOVE_FROM_QUEUE', agentId: user.id, accountId: user.accountId, entryId: id(5) },
  ]);
});

test('active status with no account id at all is skipped with a warning', () => {
  const hook = renderHook(() => useRealtime(), { wrapper });
  expect(hook.result.current.sendAgentActiveStatus({ agentId: id(1), isActive: false })).toBe(false);
  expect(warn).toHaveBeenCalledWith('Realtime: AGENT_ACTIVE_STATUS skipped: no account id');
});

test('reconnects with backoff after an unexpected close and takes the new INITIAL_STATUS', () => {
  jest.useFakeTimers();
  signedIn();
  const first = FakeWebSocket.latest();
  act(() => first.serverOpens());
  act(() => first.serverCloses(1006));
  expect(FakeWebSocket.instances).toHaveLength(1);

  act(() => jest.advanceTimersByTime(150)); // first delay: 100 ms ± 50%
  const second = FakeWebSocket.latest();
  expect(second).not.toBe(first);
  act(() => second.serverOpens());
  act(() => second.serverSends({ type: 'INITIAL_STATUS', queue: [entry(7)] }));
  expect(authStore.get(queueAtom)).toEqual([entry(7)]);
});

test('reconnects at once when the server restarts for a deploy, even after earlier failures', () => {
  jest.useFakeTimers();
  signedIn();
  act(() => FakeWebSocket.latest().serverCloses(1006));
  act(() => jest.advanceTimersByTime(150));
  const second = FakeWebSocket.latest();
  act(() => second.serverOpens());
  act(() => second.serverCloses(1012));
  expect(FakeWebSocket.instances).toHaveLength(3);
  act(() => FakeWebSocket.latest().serverOpens());
  act(() => FakeWebSocket.latest().serverSends({ type: 'INITIAL_STATUS', queue: [entry(8)] }));
  expect(authStore.get(queueAtom)).toEqual([entry(8)]);
});

test('does not reconnect when the server refuses the session', () => {
  jest.useFakeTimers();
  signedIn();
  act(() => FakeWebSocket.latest().serverCloses(4401));
  act(() => jest.advanceTimersByTime(20_000));
  expect(FakeWebSocket.instances).toHaveLength(1);
});

test('useRealtime outside its provider throws', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  function Orphan() {
    useRealtime();
    return null;
  }
  expect(() => render(<Orphan />)).toThrow('useRealtime must be used within a RealtimeProvider');
  error.mockRestore();
});
