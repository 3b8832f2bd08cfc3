import { expect, request as playwrightRequest, test } from '@playwright/test';
import { answeredAiCall, createLead } from '../support/account-data';
import { NEW_USER_PASSWORD, createAiAgent, newAccount, uniqueNumber } from '../support/new-user';
import { API_URL } from '../support/ports';
import { saveScreenshot } from '../support/screenshot';
import { DEMO, signIn } from '../support/session';

// The key is made in an account of its own, with an agent and a lead's call made over the API to read.
test('a key made on the API integration page lists the account\'s calls from outside the browser, until it is revoked', async ({ page, request }) => {
  const name = `Outside ${Date.now()}`;
  const account = await newAccount(request, 'Outside Dental');
  const agentNumber = uniqueNumber();
  const leadNumber = uniqueNumber();
  await createAiAgent(request, account.token, { name: 'Front Desk', handleCallType: 'inbound', greeting: 'Hi, this is Front Desk.', phoneNumber: agentNumber });
  await createLead(request, account.token, 'Grace Hopper', leadNumber);
  await answeredAiCall(request, agentNumber, leadNumber);
  await signIn(page, account.email, NEW_USER_PASSWORD);
  await page.goto('/dashboard/account/api-integration');
  await expect(page.getByLabel('Base URL')).toHaveText(API_URL);
  await page.getByLabel('Key name').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Try your new key')).toBeVisible();
  const secret = (await page.getByLabel('New API key secret').textContent())!.trim();
  expect(secret).toMatch(/^ak_live_[A-Za-z0-9_-]{43}$/);
  await saveScreenshot(page, 'dashboard-account-api-integration-quick-start');

  // The example request as shown, run by a client that shares nothing with the page.
  const example = (await page.getByLabel('Example request').textContent())!;
  const url = /curl -X POST (\S+)/.exec(example)![1]!;
  const body = /-d '(.+)'/.exec(example)![1]!;
  expect(example).toContain(`Authorization: Bearer ${secret}`);
  const outside = await playwrightRequest.newContext();
  try {
    const send = () => outside.post(url, { headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' }, data: body });
    const listed = await send();
    expect(listed.status()).toBe(200);
    const calls = await listed.json() as { data: Array<{ id: string; lead: { fullName: string } | null }>; total: number };
    expect(calls.total).toBeGreaterThan(0);
    expect(calls.data.some((c) => c.lead !== null && c.lead.fullName !== '')).toBe(true);
    // Paths that take the account take the ID the page shows.
    const accountId = (await page.getByLabel('Account ID').textContent())!.trim();
    const agents = await outside.get(`${API_URL}/agent/get-agents/${accountId}`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(agents.status()).toBe(200);
    expect(((await agents.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    // A key never reaches the account's keys.
    expect((await outside.get(`${API_URL}/api-key/list`, { headers: { Authorization: `Bearer ${secret}` } })).status()).toBe(403);

    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByRole('cell').nth(4)).not.toHaveText('Never');
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(row).toContainText('Revoked');
    expect((await send()).status()).toBe(401);
  } finally {
    await outside.dispose();
  }
});

// Read-only: opens the reference from the demo USER's page.
test('the API reference opens from the page and runs in the browser under the API\'s security policy', async ({ page }) => {
  await signIn(page, DEMO.USER);
  await page.goto('/dashboard/account/api-integration');
  const [reference] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: /API reference/ }).click()]);
  const blocked: string[] = [];
  reference.on('console', (message) => { if (/Content Security Policy/i.test(message.text())) blocked.push(message.text()); });
  await expect(reference).toHaveURL(`${API_URL}/reference`);
  await expect(reference.getByRole('heading', { name: /AI calls public API/ })).toBeVisible();
  await expect(reference.getByText('/v1/call/get-call-logs', { exact: true })).toBeVisible();
  await expect(reference.getByRole('button', { name: /Authorize/ })).toBeVisible();
  expect(blocked).toEqual([]);
  await saveScreenshot(reference, 'api-reference');
});
