import { expect, test } from '@playwright/test';
import { NEW_USER_PASSWORD, registerVerifiedUser } from '../support/new-user';
import { API_URL } from '../support/ports';
import { DEMO, signIn, storedToken } from '../support/session';

test('a signed-out visit to a protected route lands on role selection', async ({ page }) => {
  await page.goto('/dashboard/overview');
  await expect(page).toHaveURL(/\/auth\/login\/role$/);
});

test('a page opened while signed out is where signing in lands', async ({ page }) => {
  await page.goto('/dashboard/reports/call-logs');
  await expect(page).toHaveURL(/\/auth\/login\/role$/);
  await signIn(page, DEMO.USER);
  await expect(page).toHaveURL(/\/dashboard\/reports\/call-logs$/);
  await expect(page.getByRole('heading', { name: 'Call Logs' })).toBeVisible();
});

// The host's server writes the runtime config into the page: a deep link into a remote's screen
// asks for the remote's entry without first fetching /runtime-config.json.
test('a deep link into a remote screen starts from the configuration the page carries', async ({ page }) => {
  await signIn(page, DEMO.USER);
  const configRequests: string[] = [];
  page.on('request', (request) => { if (new URL(request.url()).pathname === '/runtime-config.json') configRequests.push(request.url()); });
  const entry = page.waitForRequest((request) => request.url().endsWith('/remoteEntry.js'));
  await page.goto('/dashboard/reports/call-logs');
  await entry;
  await expect(page.getByRole('heading', { name: 'Call Logs' })).toBeVisible();
  expect(configRequests).toEqual([]);
});

test('a USER visiting an admin route lands on /restricted', async ({ page }) => {
  await signIn(page, DEMO.USER);
  await page.goto('/admin/account-list');
  await expect(page).toHaveURL(/\/restricted$/);
});

// Ends a session on the server: a user of its own, so no other test's session of the demo USER is touched.
test('a session ended on the server shows the session-expired toast and signs out', async ({ page, request }) => {
  const email = await registerVerifiedUser(request, 'Session Test Dental');
  await signIn(page, email, NEW_USER_PASSWORD);
  await expect(page.getByText('Human agents').first()).toBeVisible(); // the first screen's calls are done
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  const res = await request.post(`${API_URL}/auth/logout`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  // The next call the page makes with the revoked token is refused as Unauthorized: the one a
  // click on the filter makes, unless a refresh of its own (the socket's close, a revalidation)
  // made a call first on a loaded machine.
  const expired = page.getByText('Session expired, Please login again.');
  await expect(async () => {
    if (await expired.isVisible()) return;
    await page.getByLabel('Call direction').getByText('Inbound').click({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(expired).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login\/role$/);
  await expect.poll(() => storedToken(page)).toBeNull();
});
