import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The production topology (cluster/topology.ts): one worker holds the cluster for every test, in
 * order, since the fault tests stop and start its parts.
 */
export default defineConfig({
  testDir: './cluster',
  workers: 1,
  fullyParallel: false,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // One retry on CI: a test that passes only on its retry is reported as flaky, by name, in the summary.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: { ...base.use, baseURL: undefined },
});
