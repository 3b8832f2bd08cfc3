import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_PORTS } from './support/ports';

// Debian's Chromium (installed by .ci/run): the tests never download a browser. Its headless
// shell (Debian's chromium-headless-shell, the same Blink) needs about a third less CPU than the
// full browser run headless, which decides how long the suite takes on two cores.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

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
