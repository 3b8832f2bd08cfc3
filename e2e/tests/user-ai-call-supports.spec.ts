import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accountIdOf, adminUpdateAccount, apiToken } from '../support/admin-api';
import { NEW_USER_PASSWORD, registerVerifiedUser } from '../support/new-user';
import { saveScreenshot } from '../support/screenshot';
import { signIn } from '../support/session';

/** Moves the test's own account to a plan, as an administrator does. */
async function setPlan(request: APIRequestContext, email: string, plan: string) {
  const accountId = await accountIdOf(request, await apiToken(request, email, NEW_USER_PASSWORD));
  await adminUpdateAccount(request, accountId, { plan });
}

/** A knowledge document big enough that a throttled upload shows its progress (under the 100,000-character cap). */
const KNOWLEDGE = Array.from({ length: 1500 }, (_, i) => `FAQ ${i + 1}: parking is free behind the clinic and we open at 8am.`).join('\n');

async function fillAgent(page: Page, name: string) {
  await page.getByLabel('Agent name').fill(name);
  await page.getByLabel('Greeting').fill('Thanks for calling, how can I help?');
  await page.getByLabel('Instructions').fill('Book cleanings and answer questions about opening hours.');
  await page.locator('label', { hasText: 'Nova' }).click();
}

test('a USER creates an AI agent with an uploaded knowledge file, duplicates it and, back on the free plan, hits its cap', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = await registerVerifiedUser(request, 'Cap Test Dental');
  // A custom knowledge base comes with Performance Suite.
  await setPlan(request, email, 'performance-suite');
  await signIn(page, email, NEW_USER_PASSWORD);

  await page.goto('/dashboard/ai-call-supports');
  await expect(page.getByText('No AI call supports yet. Create one to answer your calls.')).toBeVisible();
  await page.getByRole('button', { name: 'Create AI Call Support' }).click();
  await expect(page).toHaveURL(/\/dashboard\/ai-call-supports\/create$/);
  await expect(page.locator('label', { hasText: 'Nova' }).locator('img')).toBeVisible();
  await fillAgent(page, 'Front Desk');

  // A slow uplink, so the upload's progress bar is there to be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 25 * 1024 });
  await page.getByLabel('Knowledge document').setInputFiles({ name: 'faq.txt', mimeType: 'text/plain', buffer: Buffer.from(KNOWLEDGE) });
  const uploading = page.getByRole('group', { name: 'Uploading faq.txt' });
  await expect(uploading.getByRole('progressbar')).toBeVisible();
  await saveScreenshot(page, 'dashboard-ai-call-supports-create');
  await expect(page.getByText(`Added ${KNOWLEDGE.length.toLocaleString('en-US')} characters from faq.txt`)).toBeVisible({ timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(page.getByLabel('Knowledge text')).toHaveValue(KNOWLEDGE);

  await page.getByRole('button', { name: 'Create AI Call Support' }).last().click();
  await expect(page).toHaveURL(/\/dashboard\/ai-call-supports\/create\/success\?id=/);
  await expect(page.getByText('Front Desk is ready')).toBeVisible();
  await saveScreenshot(page, 'dashboard-ai-call-supports-create-success');

  // The knowledge was stored with the agent: the edit screen reads it back.
  await page.getByRole('button', { name: 'Edit settings' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Front Desk' })).toBeVisible();
  await expect(page.getByLabel('Knowledge text')).toHaveValue(KNOWLEDGE);
  await saveScreenshot(page, 'dashboard-ai-call-supports-edit');

  await page.goto('/dashboard/ai-call-supports');
  await page.getByRole('button', { name: 'Duplicate Front Desk' }).click();
  await expect(page.getByText('Front Desk duplicated as Front Desk (copy)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Front Desk (copy)' })).toBeVisible();
  await page.getByRole('button', { name: 'Duplicate Front Desk', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Front Desk (copy)' })).toHaveCount(2);

  // Three agents: the free plan's cap, once the account is back on it (its agents and their knowledge stay).
  // Duplicating and creating are both refused.
  await setPlan(request, email, 'free');
  await page.getByRole('button', { name: 'Duplicate Front Desk', exact: true }).click();
  await expect(page.getByText('You can only have 3 agents in the free plan')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Front Desk/ })).toHaveCount(3);
  await saveScreenshot(page, 'dashboard-ai-call-supports');

  await page.getByRole('button', { name: 'Create AI Call Support' }).click();
  await fillAgent(page, 'One Too Many');
  await page.getByRole('button', { name: 'Create AI Call Support' }).last().click();
  const form = page.getByRole('form', { name: 'AI call support settings' });
  await expect(form.getByRole('alert')).toHaveText('You can only have 3 agents in the free plan');
  await expect(page).toHaveURL(/\/dashboard\/ai-call-supports\/create$/);
});

test('a USER changes the time zone on the preferences screen', async ({ page, request }) => {
  const email = await registerVerifiedUser(request, 'Zone Test Dental');
  await signIn(page, email, NEW_USER_PASSWORD);
  await page.goto('/dashboard/account/preferences');
  const zone = page.getByLabel('Time zone');
  await zone.click();
  await zone.fill('Europe/Berl');
  await page.getByTitle('(UTC+01:00) Europe/Berlin').click();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Preference updated successfully')).toBeVisible();
  await saveScreenshot(page, 'dashboard-account-preferences');

  await page.reload();
  await expect(page.getByText('(UTC+01:00) Europe/Berlin')).toBeVisible();
});
