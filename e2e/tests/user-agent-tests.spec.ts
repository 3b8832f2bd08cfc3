import { expect, test } from '@playwright/test';
import { NEW_USER_PASSWORD, createAiAgent, newAccount, uniqueNumber } from '../support/new-user';
import { saveScreenshot } from '../support/screenshot';
import { choose } from '../support/select';
import { signIn } from '../support/session';

test('a USER writes a scenario that fails, opens the agent on Saturdays, runs it again and sees it pass', async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = await newAccount(request, 'Sunny Bakery');
  const agentId = await createAiAgent(request, account.token, {
    name: 'Bakery Desk', greeting: 'Hello, Sunny Bakery.', handleCallType: 'inbound', phoneNumber: uniqueNumber(),
    workingHours: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '17:00' },
  });
  await signIn(page, account.email, NEW_USER_PASSWORD);
  await page.goto(`/dashboard/ai-call-supports/edit/${agentId}?tab=tests`);

  // The new agent came with suggested scenarios; this one is the business's own.
  await expect(page.getByRole('listitem', { name: 'Greets the caller' })).toBeVisible();
  await page.getByRole('button', { name: /Add scenario/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Scenario name').fill('Saturday tasting');
  await dialog.getByLabel('Step 1: words').fill('I would like to book an appointment next Saturday.');
  await dialog.getByRole('button', { name: /Add a line/ }).click();
  await dialog.getByLabel('Step 2: words').fill('11 AM please.');
  await dialog.getByRole('button', { name: /Add a line/ }).click();
  await dialog.getByLabel('Step 3: words').fill('My name is Sam Baker.');
  await choose(page, dialog, 'Booked on', 'Saturday');
  await dialog.getByRole('button', { name: 'Save scenario' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem', { name: 'Saturday tasting' })).toContainText('Books an appointment on Saturday');

  await page.getByRole('button', { name: 'Run all' }).click();
  const failed = page.getByRole('listitem', { name: 'Saturday tasting: failed' });
  await expect(failed).toBeVisible({ timeout: 30_000 });
  await expect(failed.locator('[data-passed="false"]')).toContainText('Books an appointment on Saturday — No appointment was booked');
  await saveScreenshot(page, 'dashboard-agent-tests-failed');

  // Open on Saturdays too, on the settings tab.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('group', { name: 'Open on' }).getByRole('checkbox', { name: 'Sat' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('AI call support saved')).toBeVisible();

  await page.getByRole('tab', { name: 'Tests' }).click();
  await page.getByRole('button', { name: 'Run all' }).click();
  await expect(page.getByRole('listitem', { name: 'Saturday tasting: passed' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Test run' })).toContainText('5 passed, 0 failed');
  await expect(page.getByRole('list', { name: 'Run history' })).toContainText('Failed');
  await saveScreenshot(page, 'dashboard-agent-tests-passed');
});
