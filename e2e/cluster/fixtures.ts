import { test as base } from '@playwright/test';
import { Cluster } from './cluster';
import { APP_ORIGIN } from './topology';

/** The cluster, started once per worker (one worker runs every cluster test) for every test, and stopped after. */
export const test = base.extend<object, { cluster: Cluster }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  cluster: [async ({}, use) => {
    // A text its killed sender left queued is settled within seconds (not two minutes), so the
    // fault test that kills an instance mid-send can wait for it.
    const cluster = new Cluster({ apiEnv: { SMS_SETTLE_AFTER_SECONDS: '3' } });
    try {
      await cluster.start();
      await use(cluster);
    } finally {
      await cluster.stop();
    }
  }, { scope: 'worker', timeout: 240_000, auto: true }],
});

test.use({ baseURL: APP_ORIGIN });

export { expect } from '@playwright/test';
