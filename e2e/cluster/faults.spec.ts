/**
 * Faults the cluster survives, each bounded in time. Every test prints its figures (requests
 * tried, failed, lost, duplicated, time to recover) and leaves the cluster whole again.
 */
import { api, signIn } from './client';
import { expect, test } from './fixtures';
import { startLoad } from './load';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The figures of a fault, printed in the run's output and attached to the test's result. */
function report(fault: string, figures: Record<string, unknown>): void {
  const line = `${fault}: ${JSON.stringify(figures)}`;
  console.log(`[fault figures] ${line}`);
  test.info().annotations.push({ type: 'figures', description: line });
}

/** Unique US numbers for the leads a test makes (555 exchange, fictional). */
const leadNumber = (run: number, n: number) => `+1555${String(run % 1000).padStart(3, '0')}${String(n % 10_000).padStart(4, '0')}`;

test.describe('faults', () => {
  test('SIGTERM to one instance under load: no request in flight fails', async ({ cluster }) => {
    const { token } = await signIn('user@demo.test');
    const run = Date.now() % 1000;
    // Reads and writes (a write a load balancer must never send twice) from 16 clients.
    const load = startLoad(16, (n) => (n % 2 === 0
      ? { method: 'POST', url: api('call/get-call-logs'), token, body: { page: 1, limit: 10 } }
      : { method: 'POST', url: api('lead/create-lead'), token, body: { fullName: `Load ${n}`, phoneNumber: leadNumber(run, n), email: null } }));
    await sleep(1_500);
    const signalled = Date.now();
    await cluster.apis[0]!.stop('SIGTERM');
    const stoppedMs = Date.now() - signalled;
    await sleep(1_500);
    const figures = await load.stop();
    report('SIGTERM under load', { ...figures, instanceStoppedMs: stoppedMs });
    expect(figures.failures).toEqual({});
    expect(figures.ok).toBeGreaterThan(100);
    await cluster.startApi(0);
  });
});
