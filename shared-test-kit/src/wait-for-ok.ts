import { waitFor } from './wait-for';

/** Resolves once `url` answers 2xx; fails after `timeoutMs`, naming the last answer (or why none came). */
export async function waitForOk(url: string, timeoutMs = 30_000): Promise<void> {
  let last = 'no answer';
  await waitFor(async () => {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return true;
      last = `${res.status} ${(await res.text()).slice(0, 200)}`;
    } catch (err) {
      last = String(err);
    }
    return false;
  }, { timeoutMs, intervalMs: 100, what: `${url} to answer 2xx` }).catch(() => {
    throw new Error(`${url} not ready after ${timeoutMs} ms: ${last}`);
  });
}
