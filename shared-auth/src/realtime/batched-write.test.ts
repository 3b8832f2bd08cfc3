import { batchedWrite } from './batched-write';

describe('batchedWrite', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = () => {
    const written: number[][] = [];
    const batch = batchedWrite<number[]>(500, (waiting, next) => [...waiting, ...next], (value) => written.push(value));
    return { written, batch };
  };

  it('writes a lone value at once', () => {
    const { written, batch } = setup();
    batch.push([1]);
    expect(written).toEqual([[1]]);
  });

  it('merges what arrives within the window and writes it when the window ends', () => {
    const { written, batch } = setup();
    batch.push([1]);
    batch.push([2]);
    batch.push([3]);
    jest.advanceTimersByTime(499);
    expect(written).toEqual([[1]]);
    jest.advanceTimersByTime(1);
    expect(written).toEqual([[1], [2, 3]]);
    // The write opened a new window: the next value waits for it too.
    batch.push([4]);
    expect(written).toHaveLength(2);
    jest.advanceTimersByTime(500);
    expect(written).toEqual([[1], [2, 3], [4]]);
    // A quiet window closes it: the next value is written at once again.
    jest.advanceTimersByTime(500);
    batch.push([5]);
    expect(written.at(-1)).toEqual([5]);
  });

  it('flush writes what waits now; cancel drops it', () => {
    const { written, batch } = setup();
    batch.push([1]);
    batch.push([2]);
    batch.flush();
    expect(written).toEqual([[1], [2]]);
    batch.push([3]);
    batch.cancel();
    jest.advanceTimersByTime(1_000);
    expect(written).toEqual([[1], [2]]);
  });
});
