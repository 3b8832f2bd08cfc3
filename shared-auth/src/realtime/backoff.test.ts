import { RECONNECT_BACKOFF, backoffDelay } from './backoff';

test('doubles from 100 ms up to 10 s without jitter', () => {
  const noJitter = { ...RECONNECT_BACKOFF, jitter: 0 };
  expect([0, 1, 2, 3, 10].map((n) => backoffDelay(n, noJitter))).toEqual([100, 200, 400, 800, 10_000]);
});

test('jitter stays within the bounds', () => {
  expect(backoffDelay(3, RECONNECT_BACKOFF, () => 0)).toBe(400);
  expect(backoffDelay(3, RECONNECT_BACKOFF, () => 1)).toBe(1200);
  expect(backoffDelay(0, RECONNECT_BACKOFF, () => 0)).toBe(100);
  expect(backoffDelay(20, RECONNECT_BACKOFF, () => 1)).toBe(10_000);
});
