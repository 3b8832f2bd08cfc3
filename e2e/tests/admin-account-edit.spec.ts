import { expect, test } from '@playwright/test';
import { registerVerifiedUser } from '../support/new-user';
import { DEMO, signIn } from '../support/session';

test('an administrator edits an account\'s agent cap and reads who changed it in its history', async ({ page, request }) => {
  // An account of its own, so no other test reads what this one changes.
  const company = `Cap Test ${Date.now().toString(36)}`;
  const owner = await registerVerifiedUser(request, company);
  await signIn(page, DEMO.ADMINISTRATOR);
  await expect(page).toHaveURL(/\/admin\/account-list$/);
  await page.getByRole('textbox', { name: 'Search accounts' }).fill(company);
  // The search's answer redraws the list: a click before it lands can fall on the loading cover.
  await expect(page.getByText('1 account', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: `Edit ${company}` }).click();
  await expect(page).toHaveURL(/\/admin\/account\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Edit Account' })).toBeVisible();
  await expect(page.getByLabel('Account name')).toHaveValue(company);
  await expect(page.getByRole('table', { name: 'Users\' roles' })).toContainText(owner);

  const cap = page.getByLabel('Free plan agent cap');
  await cap.fill('7');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Account updated')).toBeVisible();
  const history = page.getByRole('region', { name: 'Change history' });
  const newest = history.getByRole('row').nth(1);
  await expect(newest).toContainText('admin@demo.test');
  await expect(newest).toContainText('Free plan agent cap: default (3) → 7');

  await page.reload();
  await expect(page.getByLabel('Free plan agent cap')).toHaveValue('7');
  await page.getByLabel('Free plan agent cap').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(history.getByRole('row').nth(1)).toContainText('Free plan agent cap: 7 → default (3)');
  await expect(history.getByRole('row').nth(2)).toContainText('Free plan agent cap: default (3) → 7');
});
