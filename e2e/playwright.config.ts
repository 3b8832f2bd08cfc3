import { defineConfig } from '@playwright/test';
import { chromiumArgs, executablePath } from './support/chromium';
import { E2E_PORTS } from './support/ports';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  // One API process on an embedded database serves every test: keep the workers few.
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // One retry on CI: a test that passes only on its retry is reported as flaky, by name, in the summary.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  projects: [
    { name: 'app', testIgnore: /remote-down|with-a-model/ },
    // Enables an AI client, which then answers every agent that names none: after the app's tests.
    { name: 'models', testMatch: /with-a-model/, dependencies: ['app'] },
    // Stops a remote's server, so it runs alone after everything else.
    { name: 'resilience', testMatch: /remote-down/, dependencies: ['models'] },
  ],
  use: {
    baseURL: `http://localhost:${E2E_PORTS.host}`,
    browserName: 'chromium',
    launchOptions: { executablePath, args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
