import { act, renderHook } from '@testing-library/react';
import type { ServerMessage } from 'shared-contracts';
import { emitServerMessage, onServerMessage } from './server-message-listeners';
import { useServerMessage } from './use-server-message';

const callId = '00000000-0000-4000-8000-000000000001';
const line: ServerMessage = {
  type: 'TRANSCRIPT_UPDATED', callId,
  message: { id: '00000000-0000-4000-8000-000000000002', authorType: 'lead', content: 'Hello?', createdAt: '2026-01-02T03:04:05.000Z' },
};
const ended: ServerMessage = { type: 'LIVE_CALL_ENDED', callId };

test('hands a mounted component each message of its type, and nothing once it unmounts', () => {
  const heard: ServerMessage[] = [];
  const hook = renderHook(() => useServerMessage('TRANSCRIPT_UPDATED', (m) => heard.push(m)));
  act(() => emitServerMessage(ended));
  act(() => emitServerMessage(line));
  expect(heard).toEqual([line]);
  hook.unmount();
  act(() => emitServerMessage(line));
  expect(heard).toHaveLength(1);
});

test('uses the handler of the latest render', () => {
  const first = jest.fn();
  const second = jest.fn();
  const hook = renderHook(({ handler }) => useServerMessage('LIVE_CALL_ENDED', handler), { initialProps: { handler: first } });
  hook.rerender({ handler: second });
  act(() => emitServerMessage(ended));
  expect(first).not.toHaveBeenCalled();
  expect(second).toHaveBeenCalledWith(ended);
  hook.unmount();
});

test('a failing listener is reported and the others still hear the message', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  const after = jest.fn();
  const stopFailing = onServerMessage(() => {
    throw new Error('boom');
  });
  const stopAfter = onServerMessage(after);
  emitServerMessage(ended);
  expect(after).toHaveBeenCalledWith(ended);
  expect(error).toHaveBeenCalledWith('Realtime: a LIVE_CALL_ENDED listener failed', expect.any(Error));
  stopFailing();
  stopAfter();
  error.mockRestore();
});
