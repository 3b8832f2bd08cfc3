export interface WaitForOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** What is awaited, for the timeout's message ("the call to end"). */
  what?: string;
}

/**
 * Checks until `check` answers a truthy value and resolves with it; fails once `timeoutMs` has
 * passed, saying what was awaited and what the last check answered.
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 8_000, intervalMs = 100, what = 'the condition' }: WaitForOptions = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() >= deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last check: ${describe(value)})`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, Math.max(1, deadline - Date.now()))));
  }
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 200) ?? String(value);
  } catch {
    return String(value);
  }
}
