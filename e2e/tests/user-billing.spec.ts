import { expect, test, type Page } from '@playwright/test';
import { NEW_USER_PASSWORD, registerVerifiedUser } from '../support/new-user';
import { saveScreenshot } from '../support/screenshot';
import { DEMO, signIn } from '../support/session';

const plan = (page: Page, name: string) => page.getByRole('region', { name });

async function openPlansYearly(page: Page) {
  await page.goto('/dashboard/subscription-plans');
  await expect(plan(page, 'Enterprise Edge')).toBeVisible();
  await page.getByText('Yearly', { exact: true }).click();
  await expect(plan(page, 'Efficiency Plus').getByText('$9,948 billed yearly (save $2,040 a year)')).toBeVisible();
  await expect(plan(page, 'Efficiency Plus').getByLabel('$829 / month')).toBeVisible();
}

// A fresh free account, so buying a plan never changes the demo accounts other specs read.
test('a USER cancels one checkout, pays for a yearly plan, and cancelling it at period end shows the date and keeps the plan until then', async ({ page, request }) => {
  // Two checkouts, the customer portal and six screens: longer than the default minute on a loaded machine.
  test.setTimeout(180_000);
  const email = await registerVerifiedUser(request, 'Billing Test Dental');
  await signIn(page, email, NEW_USER_PASSWORD);

  await page.goto('/dashboard/subscription-plans');
  await expect(plan(page, 'Time Saver Basic').getByLabel('$349 / month')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Performance Suite features' })).toContainText('5,000 min included each month');
  await saveScreenshot(page, 'dashboard-subscription-plans');

  // Cancel on the provider's page: back on /cancel, nothing bought.
  await openPlansYearly(page);
  await plan(page, 'Time Saver Basic').getByRole('button', { name: 'Choose Time Saver Basic' }).click();
  await expect(page).toHaveURL(/\/v1\/billing\/simulator\/checkout\/cs_sim_[0-9a-f]{32}$/);
  await expect(page.getByRole('button', { name: 'Pay $3,828.00' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscription-plans\/cancel$/);
  await expect(page.getByText('You are on the Free plan.')).toBeVisible();
  await saveScreenshot(page, 'dashboard-subscription-plans-cancel');

  // Pay: back on /success, which shows the new plan.
  await openPlansYearly(page);
  await plan(page, 'Efficiency Plus').getByRole('button', { name: 'Choose Efficiency Plus' }).click();
  await expect(page.getByRole('heading', { name: 'Efficiency Plus' })).toBeVisible();
  await expect(page.getByText('Billed yearly ($829.00 / month)')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $9,948.00' }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscription-plans\/success\?session_id=cs_sim_[0-9a-f]{32}$/);
  await expect(page.getByText('You are now on the Efficiency Plus plan')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeVisible();
  await saveScreenshot(page, 'dashboard-subscription-plans-success');

  await page.getByRole('link', { name: 'Go to billing information' }).click();
  await expect(page).toHaveURL(/\/dashboard\/billing-information$/);
  const currentPlan = page.locator('.ant-descriptions');
  await expect(currentPlan).toContainText('Efficiency Plus');
  await expect(currentPlan).toContainText('Yearly');
  await expect(currentPlan).toContainText('$829 / month ($9,948 billed yearly)');
  await expect(page.getByText('0 min used of 2,000 min')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment history' }).getByRole('row', { name: /INV-\d{6}-/ })).toContainText('$9,948');
  await saveScreenshot(page, 'dashboard-billing-information');

  // The plans page now marks the plan bought.
  await openPlansYearly(page);
  await expect(plan(page, 'Efficiency Plus').getByRole('button', { name: 'Current plan' })).toBeDisabled();

  // The customer portal: a declined renewal shows on the billing page; cancelling leaves the free plan.
  await page.goto('/dashboard/billing-information');
  await page.getByRole('button', { name: 'Manage subscription' }).click();
  await expect(page).toHaveURL(/\/v1\/billing\/simulator\/portal\?session=bps_sim_/);
  await page.getByRole('button', { name: 'Decline the next renewal charge' }).click();
  await expect(page.getByText('Past due: the last renewal charge failed')).toBeVisible();
  await page.getByRole('link', { name: 'Return to the app' }).click();
  await expect(page).toHaveURL(/\/dashboard\/billing-information$/);
  await expect(page.getByRole('alert')).toContainText('Your payment failed on');
  await expect(page.locator('.ant-descriptions')).toContainText('Past due');
  await saveScreenshot(page, 'dashboard-billing-information-payment-failed');

  // The owner is told on the overview too.
  await page.goto('/dashboard/overview');
  await expect(page.getByRole('alert').filter({ hasText: 'Your payment failed on' })).toBeVisible();

  // Paid after all; then cancelled in the portal: it asks first, with the date, and the plan stays until then.
  await page.goto('/dashboard/billing-information');
  await page.getByRole('button', { name: 'Manage subscription' }).click();
  await page.getByRole('button', { name: 'Pay the failed invoice' }).click();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Cancel Efficiency Plus?' })).toBeVisible();
  const confirm = page.getByRole('button', { name: /^Cancel at the end of the period \(([A-Z][a-z]{2} \d{1,2}, \d{4})\)$/ });
  const endDate = /\(([^)]+)\)/.exec((await confirm.textContent()) ?? '')![1]!;
  await expect(page.getByText(`You keep Efficiency Plus until ${endDate}.`, { exact: false })).toBeVisible();
  await confirm.click();
  await expect(page.getByText(`Cancelled: Efficiency Plus stays until ${endDate}`, { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Return to the app' }).click();
  await expect(page).toHaveURL(/\/dashboard\/billing-information$/);
  const cancelled = page.locator('.ant-descriptions');
  await expect(cancelled).toContainText('Efficiency Plus');
  await expect(cancelled).toContainText(`Ends on${endDate}`);
  await expect(page.getByText(`Efficiency Plus ends on ${endDate}`)).toBeVisible();
  await saveScreenshot(page, 'dashboard-billing-information-cancelled');

  // Resumed in the app, then cancelled in the app: the same confirmation with the same date.
  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.locator('.ant-descriptions')).toContainText(`Renews on${endDate}`);
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Efficiency Plus?' });
  await expect(dialog).toContainText(`You keep Efficiency Plus until ${endDate}.`);
  await dialog.getByRole('button', { name: `Cancel on ${endDate}` }).click();
  await expect(page.getByText(`Efficiency Plus ends on ${endDate}`)).toBeVisible();
  await expect(page.locator('.ant-descriptions')).toContainText('Efficiency Plus');

  // Until then the plan is still the account's.
  await openPlansYearly(page);
  await expect(plan(page, 'Efficiency Plus').getByRole('button', { name: 'Current plan' })).toBeDisabled();
});

// Read-only on the demo account: its seeded calls of this month count against its plan's quota.
test('billing information shows the minutes the demo account\'s calls used this month', async ({ page }) => {
  await signIn(page, DEMO.USER);
  await page.goto('/dashboard/billing-information');
  await expect(page.locator('.ant-descriptions')).toContainText('Performance Suite');
  await expect(page.getByText(/^[1-9][\d,]* min used of 5,000 min$/)).toBeVisible();
  await expect(page.getByText('No overage this month')).toBeVisible();
});
