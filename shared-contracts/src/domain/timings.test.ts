import { randomDelay, randomDelayMs } from './timings';

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
