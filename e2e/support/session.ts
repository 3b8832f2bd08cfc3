import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from 'shared-test-kit';

/*
 * The demo accounts are for read-only checks: what the seed put there (calls, agents, the
 * account list) is what their tests read. A test that writes makes its own account
 * (registerVerifiedUser, registerVerifiedAgent in ./new-user) and the data it needs in it over
 * the HTTP API, so no spec depends on another's writes and specs run in any order. The demo
 * administrator still makes the changes only an administrator can: it edits the test's own
 * account, and the AI clients it adds (which belong to no account) carry the test's own tag.
 */

export { DEMO_PASSWORD };
export const DEMO = {
  USER: 'user@demo.test',
  AGENT: 'agent@demo.test',
  ADMINISTRATOR: 'admin@demo.test',
} as const;

/** Signs in through the login screen, as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

export const storedToken = (page: Page): Promise<string | null> =>
  page.evaluate(() => window.localStorage.getItem('token'));
