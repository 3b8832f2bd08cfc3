import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234!';
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
