import {
  MENU_TYPEAHEAD_RESET_MS, RANDOM_DELAY_MAX_MS, SUBSCRIPTION_BATCH_MS, TOAST_HOTKEY, TOAST_POSITION, TOAST_REGION_LABEL,
  randomDelay, randomDelayMs,
} from './timings';
import { SWR_UNUSED_CACHE_MS, TOAST_MAX_VISIBLE } from './limits';

test('spec section 9 timings', () => {
  expect(SUBSCRIPTION_BATCH_MS).toBe(500);
  expect(RANDOM_DELAY_MAX_MS).toBe(1000);
  expect(MENU_TYPEAHEAD_RESET_MS).toBe(1000);
  expect(SWR_UNUSED_CACHE_MS).toBe(60_000);
});

test('toaster: top-right, at most 3, Alt+T, "Notifications"', () => {
  expect(TOAST_POSITION).toEqual({ vertical: 'top', horizontal: 'right' });
  expect(TOAST_MAX_VISIBLE).toBe(3);
  expect(TOAST_HOTKEY).toEqual(['altKey', 'KeyT']);
  expect(TOAST_REGION_LABEL).toBe('Notifications');
});

describe('randomDelayMs', () => {
  test('from 0 to 1000 inclusive, whole milliseconds', () => {
    expect(randomDelayMs(() => 0)).toBe(0);
    expect(randomDelayMs(() => 0.5)).toBe(500);
    expect(randomDelayMs(() => 0.999999)).toBe(1000);
  });
  test('clamped even if the source misbehaves', () => {
    expect(randomDelayMs(() => 1)).toBe(1000);
    expect(randomDelayMs(() => -1)).toBe(0);
  });
  test('a smaller maximum', () => expect(randomDelayMs(() => 0.999999, 10)).toBe(10));
  test('with Math.random it stays in range', () => {
    for (let i = 0; i < 100; i++) {
      const ms = randomDelayMs();
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThanOrEqual(1000);
    }
  });
});

test('randomDelay waits the delay it reports', async () => {
  jest.useFakeTimers();
  try {
    let done: number | undefined;
    const promise = randomDelay(() => 0.25).then((ms) => (done = ms));
    await jest.advanceTimersByTimeAsync(249);
    expect(done).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    await promise;
    expect(done).toBe(250);
  } finally {
    jest.useRealTimers();
  }
});
