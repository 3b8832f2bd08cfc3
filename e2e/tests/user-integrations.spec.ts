import { expect, test } from '@playwright/test';
import { bearer } from '../support/admin-api';
import { NEW_USER_PASSWORD, registerVerifiedUser } from '../support/new-user';
import { API_URL } from '../support/ports';
import { saveScreenshot } from '../support/screenshot';
import { signIn } from '../support/session';

// A number of this run's own: a number is one account's, and every run registers a new account.
const AGENT_NUMBER = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const CALLED = '+12125550142';

test('a USER connects CINC, adds a calendar, disconnects CINC and places a test call that shows in call logs', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = await registerVerifiedUser(request, 'Integrations Realty');
  // The account's AI agent, made over the API: the agent screens have their own spec.
  const login = await request.post(`${API_URL}/auth/login`, { data: { email, password: NEW_USER_PASSWORD } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const created = await request.post(`${API_URL}/agent/create-agent`, {
    headers: bearer(token),
    data: { name: 'Listing Line', handleCallType: 'both', greeting: 'Hi, this is Listing Line.', prompt: 'Answer questions about listings.', voiceId: 'openai-nova', phoneNumber: AGENT_NUMBER },
  });
  expect(created.ok(), await created.text()).toBeTruthy();

  await signIn(page, email, NEW_USER_PASSWORD);
  await page.getByRole('menuitem', { name: 'Integrations', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/account\/integrations$/);
  const cincStatus = page.getByRole('status', { name: 'CINC status' });
  await expect(cincStatus).toHaveText('Not connected');
  await expect(page.getByText('No calendars connected. Connect one above.')).toBeVisible();

  // CINC: a key the provider refuses, then a good one.
  const cinc = page.getByRole('group', { name: 'CINC' });
  await cinc.getByRole('button', { name: 'Connect CINC' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect CINC' });
  await dialog.getByLabel('API key', { exact: true }).fill('short');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('CINC refused this API key');
  await dialog.getByLabel('API key', { exact: true }).fill('cinc-live-key-2468');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('CINC connected', { exact: true })).toBeVisible();
  await expect(cincStatus).toHaveText('Connected');
  await expect(cinc.getByText(/API key ending 2468/)).toBeVisible();

  // A calendar: through the (local) consent page and back.
  await page.getByRole('group', { name: 'Google Calendar' }).getByRole('button', { name: 'Connect Google Calendar' }).click();
  await expect(page.getByText('Google Calendar connected', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/account\/integrations$/);
  const calendars = page.getByRole('list', { name: 'Connected calendars' });
  await expect(calendars.getByRole('listitem')).toHaveCount(1);
  await expect(calendars).toContainText('Google Calendar');
  await expect(cincStatus).toHaveText('Connected');
  await saveScreenshot(page, 'dashboard-account-integrations');

  // A refresh reads the same connections back from the server.
  await page.reload();
  await expect(cincStatus).toHaveText('Connected');
  await expect(page.getByRole('list', { name: 'Connected calendars' }).getByRole('listitem')).toHaveCount(1);

  await cinc.getByRole('button', { name: 'Disconnect CINC' }).click();
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(page.getByText('CINC disconnected', { exact: true })).toBeVisible();
  await expect(cincStatus).toHaveText('Disconnected');
  await expect(cinc.getByRole('button', { name: 'Connect CINC' })).toBeVisible();
  await saveScreenshot(page, 'dashboard-account-integrations-cinc-disconnected');

  // The test call: the AI agent calls a number from its own, and the call is in the logs.
  await page.goto('/dashboard/ai-call-supports');
  await page.getByRole('button', { name: 'Test call from Listing Line' }).click();
  const callDialog = page.getByRole('dialog', { name: 'Test call from Listing Line' });
  await callDialog.getByLabel('Number to call').fill('555-0100');
  await callDialog.getByRole('button', { name: 'Place test call' }).click();
  await expect(callDialog.getByText('Phone number must be a US number: +1 followed by ten digits')).toBeVisible();
  await callDialog.getByLabel('Number to call').fill('(212) 555-0142');
  await callDialog.getByRole('button', { name: 'Place test call' }).click();
  await expect(page.getByText('Test call from Listing Line: queued')).toBeVisible();

  await page.goto('/dashboard/reports/call-logs');
  const row = page.getByRole('row').filter({ hasText: CALLED });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(AGENT_NUMBER);
  await expect(row).toContainText('Listing Line');
  // The simulated callee answers and the agent says its greeting; the call completes.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: CALLED })).toContainText('Completed', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});
