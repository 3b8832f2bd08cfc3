import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

test('a USER lands on the overview with the account\'s call stats and agents', async ({ page }) => {
  await signIn(page, DEMO.USER);
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  // Seeded AI agents and calls come from the API, not from the bundle.
  await expect(page.getByText('Human agents').first()).toBeVisible();
  await expect(page.getByText('Inbound').first()).toBeVisible();
});

test('an AGENT lands on their call logs', async ({ page }) => {
  await signIn(page, DEMO.AGENT);
  await expect(page).toHaveURL(/\/dashboard\/agent-call-logs$/);
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
});

test('an ADMINISTRATOR lands on the account list with every account', async ({ page }) => {
  await signIn(page, DEMO.ADMINISTRATOR);
  await expect(page).toHaveURL(/\/admin\/account-list$/);
  // Other tests register accounts of their own, newest first: each demo account is found by its name.
  for (const name of ['Acme Dental', 'Globex Realty']) {
    await page.getByRole('textbox', { name: 'Search accounts' }).fill(name);
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  }
});

test('a wrong password is refused with the server\'s message and no session', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(DEMO.USER);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('signing in and opening the overview logs no error or warning in the console', async ({ page }) => {
  // A shared module with a bad version, a missing icon or a failed request all show up here.
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(`${message.type()}: ${message.text()}`);
  });
  await signIn(page, DEMO.USER);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Human agents').first()).toBeVisible();
  expect(logged).toEqual([]);
});
