import { expect, test, type Page } from '@playwright/test';
import { appLinkIn, codeIn, latestMail } from '../support/outbox';

const PASSWORD = 'First-pass-1';
const NEW_PASSWORD = 'Second-pass-2';

async function fillLogin(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('register → verify from the outbox → two-step sign-in → change password → the old session expires', async ({ browser }) => {
  const email = `e2e-${Date.now().toString(36)}@signup.test`;
  const first = await browser.newContext();
  const page = await first.newPage();

  // Register.
  await page.goto('/auth/register');
  await page.getByLabel('First name').fill('Erin');
  await page.getByLabel('Last name').fill('Ellis');
  await page.getByLabel('Company name').fill('Ellis Dental');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByText('I accept the terms of service').click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // An unconfirmed address cannot sign in yet.
  await fillLogin(page, email, PASSWORD);
  await expect(page.getByText(/Verify your email address before signing in/)).toBeVisible();

  // Verify from the local outbox.
  const verification = await latestMail(email, 'verify_email');
  await page.goto(appLinkIn(verification.text));
  await expect(page.getByText(`${email} is confirmed.`)).toBeVisible();

  // Sign in (this session is the one that will be ended later) and turn two-step on.
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await page.goto('/dashboard/account/security');
  const twoStep = page.getByRole('switch', { name: 'Two-step verification' });
  await expect(twoStep).not.toBeChecked();
  await twoStep.click();
  await expect(page.getByText('Preference updated successfully')).toBeVisible();
  await expect(twoStep).toBeChecked();

  // Elsewhere, sign in again: the password is not enough, the emailed code is.
  const second = await browser.newContext();
  const other = await second.newPage();
  await fillLogin(other, email, PASSWORD);
  await expect(other).toHaveURL(/\/auth\/two-step$/);
  await expect(other.getByText('e***@signup.test')).toBeVisible();
  const codeMail = await latestMail(email, 'two_step');
  await other.getByLabel('Verification code').fill(codeIn(codeMail.text));
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other).toHaveURL(/\/dashboard\/overview$/);

  // Change the password there.
  await other.goto('/dashboard/account/security');
  await other.getByLabel('Current password').fill(PASSWORD);
  await other.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await other.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await other.getByRole('button', { name: 'Change password' }).click();
  await expect(other.getByText('Password changed. Your other sessions were signed out.')).toBeVisible();

  // The first session is over: its next call is refused and the app says so.
  await page.getByRole('switch', { name: 'Sign-in alerts' }).click();
  await expect(page.getByText('Session expired, Please login again.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  // The session that changed the password goes on.
  await other.goto('/dashboard/account/overview');
  await expect(other.getByText(email).first()).toBeVisible();
  await expect(other.getByText('Session expired, Please login again.')).toHaveCount(0);

  await first.close();
  await second.close();
});

test('forgot password → reset link from the outbox → sign in with the new password', async ({ page }) => {
  const email = `e2e-reset-${Date.now().toString(36)}@signup.test`;
  await page.goto('/auth/register');
  await page.getByLabel('First name').fill('Rita');
  await page.getByLabel('Last name').fill('Reset');
  await page.getByLabel('Company name').fill('Reset Co');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByText('I accept the terms of service').click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account uses this address, we sent it a link to reset the password.')).toBeVisible();

  await page.goto(appLinkIn((await latestMail(email, 'password_reset')).text));
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password was reset. Sign in with the new one.')).toBeVisible();

  // The reset link proved the address, so the new password signs straight in.
  await fillLogin(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
});
