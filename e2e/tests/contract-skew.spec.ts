import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { contract, contractFingerprint } from 'shared-contracts';
import { apiToken, bearer } from '../support/admin-api';
import { API_URL, E2E_PORTS } from '../support/ports';
import { DEMO, signIn } from '../support/session';
import { skewedAdminBuilt, skewedAdminDir } from '../support/skewed-remote';

// The skewed remote's build, begun in global setup, may still be running on a shared machine.
test.setTimeout(240_000);

const CONTENT_TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.html': 'text/html' };

test('an admin remote built against another contract says its screen is out of date, and saving from it is refused with nothing saved', async ({ browser, request }) => {
  // Global setup started the build of the remote as its team deployed it (ADMIN_CONTRACT_SKEW).
  const dist = await skewedAdminBuilt(skewedAdminDir, 200_000);

  // This page alone meets the skewed remote; every other test keeps today's.
  const context = await browser.newContext();
  await context.route(`http://localhost:${E2E_PORTS.admin}/**`, async (route) => {
    const file = path.join(dist, new URL(route.request().url()).pathname);
    if (!file.startsWith(dist) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return route.fulfill({ status: 404, body: 'Not found' });
    await route.fulfill({ status: 200, body: fs.readFileSync(file), headers: { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream', 'access-control-allow-origin': '*' } });
  });
  const page = await context.newPage();
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(message.text()));

  await signIn(page, DEMO.ADMINISTRATOR);
  await page.goto('/admin/account-list');

  // The list says why it cannot show its rows, instead of an Owner column of "N/A".
  await expect(page.getByText(/This screen is out of date: reload the page/).first()).toBeVisible();
  await expect(page.getByText(/ownerAddress/).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'N/A' })).toHaveCount(0);
  // Still signed in, in the shell.
  await expect(page).toHaveURL(/\/admin\/account-list$/);
  await expect(page.getByRole('menuitem', { name: 'Ai Clients' })).toBeVisible();

  // A console line names the remote's fingerprint of the endpoint and the server's.
  const today = contractFingerprint(contract.account.getAllAccounts);
  const skewLine = consoleLines.find((line) => line.startsWith('Contract skew on POST account/get-all-accounts'));
  expect(skewLine).toBeDefined();
  const [, built, served] = /built with contract ([0-9a-f]+), the server runs ([0-9a-f]+)/.exec(skewLine!) ?? [];
  expect(served).toBe(today);
  expect(built).toMatch(/^[0-9a-f]{14}$/);
  expect(built).not.toBe(today);
  // And the runtime names the two contract sources: the remote runs its own copy.
  expect(consoleLines.some((line) => /^Shared module shared-contracts: "admin" was built against 1\.0\.0-src\.[0-9a-f]+, the page has 1\.0\.0-src\.[0-9a-f]+; it runs its own copy$/.test(line))).toBe(true);

  // Saving new credentials from the old form: 409, the out-of-date words, nothing stored.
  const token = await apiToken(request, DEMO.ADMINISTRATOR);
  const created = await request.post(`${API_URL}/ai-client/create-ai-client`, {
    headers: bearer(token), data: { type: 'STT Client', client: 'Deepgram', model: `skew-${randomBytes(3).toString('hex')}` },
  });
  expect(created.ok()).toBeTruthy();
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  await page.goto(`/admin/ai-client/edit/${id}`);
  await page.getByLabel('API key').fill(`dg-${randomBytes(8).toString('hex')}`);
  const saved = page.waitForResponse((response) => response.url().includes(`/ai-client/update-ai-client/${id}`) && response.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(409);
  await expect(page.getByText(/This screen is out of date: reload the page\. Nothing was saved\./).first()).toBeVisible();
  const stored = await request.get(`${API_URL}/ai-client/get-ai-client/${id}`, { headers: bearer(token) });
  expect(((await stored.json()) as { data: { hasCredentials: boolean } }).data.hasCredentials).toBe(false);

  await context.close();
});
