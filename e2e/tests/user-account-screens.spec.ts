import { expect, test } from '@playwright/test';
import { NEW_USER_PASSWORD, registerVerifiedUser } from '../support/new-user';
import { saveScreenshot } from '../support/screenshot';
import { choose } from '../support/select';
import { DEMO, signIn } from '../support/session';

test('the calendar and the business profile show the demo account\'s data', async ({ page }) => {
  await signIn(page, DEMO.USER);
  await page.goto('/dashboard/calendar');
  await expect(page.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  await saveScreenshot(page, 'dashboard-calendar');
  await page.goto('/dashboard/account/business');
  await expect(page.getByLabel('Business name')).toHaveValue('Acme Dental');
  await saveScreenshot(page, 'dashboard-account-business');
});

test('the profile, account overview and security pages show the signed-in USER and the account', async ({ page }) => {
  await signIn(page, DEMO.USER);
  await page.goto('/dashboard/account/profile');
  await expect(page.getByLabel('First name')).toHaveValue('Dana');
  await expect(page.getByLabel('Last name')).toHaveValue('Whitfield');
  await saveScreenshot(page, 'dashboard-account-profile');
  await page.goto('/dashboard/account/overview');
  await expect(page.getByText('Dana Whitfield')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage security' })).toBeVisible();
  // The account at a glance, from the API: its plan, this month's minutes and its agents.
  await expect(page.getByText('Minutes this month')).toBeVisible();
  await expect(page.getByText(/^[\d,.]+ min of [\d,.]+ min \(/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage plan' })).toBeVisible();
  await saveScreenshot(page, 'dashboard-account-overview');
  await page.goto('/dashboard/account/security');
  await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
  await expect(page.getByText('Sign-in protection')).toBeVisible();
  await saveScreenshot(page, 'dashboard-account-security');
});

test('with the profile changed and not saved, leaving by the menu asks first, and No keeps the edit', async ({ page }) => {
  await signIn(page, DEMO.USER);
  await page.goto('/dashboard/account/profile');
  const firstName = page.getByLabel('First name');
  await expect(firstName).toHaveValue('Dana');
  await firstName.fill('Danielle');
  const asked: string[] = [];
  page.once('dialog', (dialog) => { asked.push(dialog.message()); void dialog.dismiss(); });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).first().click();
  await expect.poll(() => asked).toEqual(['Leave this page? Your changes are not saved.']);
  await expect(page).toHaveURL(/\/dashboard\/account\/profile$/);
  await expect(firstName).toHaveValue('Danielle');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
});

test('a USER sends a support request and sees it listed as open', async ({ page, request }) => {
  const email = await registerVerifiedUser(request, 'Support Test Dental');
  await signIn(page, email, NEW_USER_PASSWORD);
  await page.goto('/dashboard/support-desk');
  await expect(page.getByText('No support requests yet')).toBeVisible();
  await page.getByLabel('Subject').fill('Invoice question');
  await choose(page, page, 'Category', 'Billing');
  await page.getByLabel('Message').fill('Why was I charged twice?');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText(/Request SR-\d+ sent; we will reply by email/)).toBeVisible();
  const row = page.getByRole('row', { name: /Invoice question/ });
  await expect(row).toContainText('Open');
  await saveScreenshot(page, 'dashboard-support-desk');
});

test('a USER creates an API key, sees the secret once, and revokes it', async ({ page, request }) => {
  const email = await registerVerifiedUser(request, 'Keys Test Dental');
  await signIn(page, email, NEW_USER_PASSWORD);
  await page.goto('/dashboard/account/api-integration');
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await page.getByLabel('Key name').fill('CRM sync');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Copy your new key now: it will not be shown again')).toBeVisible();
  await expect(page.getByText(/^ak_live_[A-Za-z0-9_-]{43}$/)).toBeVisible();
  await saveScreenshot(page, 'dashboard-account-api-integration');
  await page.reload();
  await expect(page.getByRole('row', { name: /CRM sync/ })).toBeVisible();
  await expect(page.getByText(/^ak_live_[A-Za-z0-9_-]{43}$/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Revoke CRM sync' }).click();
  await page.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByRole('row', { name: /CRM sync/ })).toContainText('Revoked');
});
