import { waitFor as poll } from 'shared-test-kit';

/** Reads until `done` holds or the time is up, and answers the last reading (the caller asserts on it, so a failure shows the value). */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8_000): Promise<T> {
  let last!: T;
  await poll(async () => done((last = await read())), { timeoutMs, what: 'a reading' }).catch(() => undefined);
  return last;
}
