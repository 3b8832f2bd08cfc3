import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { answeredAiCall, createLead } from '../support/account-data';
import { adminUpdateAccount, bearer } from '../support/admin-api';
import { NEW_USER_PASSWORD, createAiAgent, newAccount, uniqueNumber } from '../support/new-user';
import { API_URL } from '../support/ports';
import { DEMO, signIn } from '../support/session';

// The USER's rows are an account of its own (it adds an API key); the administrator's and the
// phone menu's checks only read the demo data.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The stretch of the x axis that is both inside the window and inside the table's own visible area. */
async function visibleSpan(page: Page, table: Locator): Promise<{ left: number; right: number }> {
  const box = (await table.boundingBox())!;
  const width = page.viewportSize()!.width;
  return { left: Math.max(0, box.x), right: Math.min(width, box.x + box.width) };
}

/**
 * Every link and button in each row's last cell (where a table keeps its row actions) lies
 * inside the window and the table's visible area as the page opens, and takes a click there:
 * nothing covers it and nobody has to scroll the table sideways to find it.
 */
async function expectRowActionsInView(page: Page, tableName: string, minActions = 1) {
  const table = page.getByRole('region', { name: tableName, exact: true });
  const rows = table.locator('tbody tr[data-row-key]');
  await expect(rows.first()).toBeVisible();
  const span = await visibleSpan(page, table);
  let seen = 0;
  for (const row of await rows.all()) {
    for (const action of await row.locator('td').last().locator('a, button').all()) {
      seen += 1;
      const name = (await action.getAttribute('aria-label')) ?? (await action.innerText());
      const box = (await action.boundingBox())!;
      expect(box.x, `${tableName}: "${name}" starts inside the window`).toBeGreaterThanOrEqual(span.left);
      expect(box.x + box.width, `${tableName}: "${name}" ends inside the window`).toBeLessThanOrEqual(span.right + 0.5);
      await action.click({ trial: true });
    }
  }
  expect(seen, `${tableName}: row actions checked`).toBeGreaterThanOrEqual(minActions);
}

const SIZES = [DESKTOP, PHONE];
const sizeName = ({ width, height }: { width: number; height: number }) => `${width}x${height}`;

/**
 * A USER whose account has rows in every table: three AI agents (one per kind of call) and a
 * lead's answered call. Its plan is the demo account's, which has the reports.
 */
async function accountWithRows(request: APIRequestContext): Promise<string> {
  const account = await newAccount(request, 'Rows Dental');
  await adminUpdateAccount(request, account.accountId, { plan: 'performance-suite' });
  const inbound = uniqueNumber();
  for (const [name, handleCallType, phoneNumber] of [
    ['Front Desk Receptionist', 'inbound', inbound],
    ['Appointment Reminder', 'outbound', uniqueNumber()],
    ['After-hours Triage', 'both', uniqueNumber()],
  ] as const) {
    await createAiAgent(request, account.token, { name, handleCallType, greeting: `${name} speaking.`, phoneNumber });
  }
  const leadNumber = uniqueNumber();
  await createLead(request, account.token, 'Grace Hopper', leadNumber);
  await answeredAiCall(request, inbound, leadNumber);
  await expect.poll(async () => {
    const res = await request.post(`${API_URL}/call/get-call-summaries`, { headers: bearer(account.token), data: {} });
    return ((await res.json()) as { data?: unknown[] }).data?.length ?? 0;
  }, { timeout: 15_000 }).toBeGreaterThan(0);
  return account.email;
}

test('a USER reaches every row action of AI Call Supports, the reports and API keys at 1280 and 390 px wide', async ({ page, request }) => {
  // The account's agents and call are made first: longer than the default minute on a loaded machine.
  test.setTimeout(120_000);
  await signIn(page, await accountWithRows(request), NEW_USER_PASSWORD);
  await page.goto('/dashboard/account/api-integration');
  await page.getByLabel('Key name').fill('Row actions check');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByRole('region', { name: 'API keys', exact: true }).getByText('Row actions check')).toBeVisible();

  for (const size of SIZES) {
    await test.step(sizeName(size), async () => {
      await page.setViewportSize(size);
      await page.goto('/dashboard/ai-call-supports');
      // Edit, Test call, Duplicate and Delete on each of the three agents.
      await expectRowActionsInView(page, 'AI call supports', 12);
      await page.goto('/dashboard/reports/call-logs');
      await expectRowActionsInView(page, 'Call logs');
      await page.goto('/dashboard/reports/summary');
      await expectRowActionsInView(page, 'Call summaries');
      await page.goto('/dashboard/account/api-integration');
      await expectRowActionsInView(page, 'API keys');
    });
  }
});

test('an administrator reaches the row actions of accounts and AI clients at 1280 and 390 px wide', async ({ page }) => {
  await signIn(page, DEMO.ADMINISTRATOR);
  for (const size of SIZES) {
    await test.step(sizeName(size), async () => {
      await page.setViewportSize(size);
      await page.goto('/admin/account-list');
      await expectRowActionsInView(page, 'Accounts');
      await page.goto('/admin/ai-clients');
      await expectRowActionsInView(page, 'Ai/STT/TTS Clients');
    });
  }
});

test.describe('at 390x844', () => {
  test.use({ viewport: PHONE });

  test('the menu button sits clear of the breadcrumb and opens the side menu', async ({ page }) => {
    await signIn(page, DEMO.USER);
    await page.goto('/dashboard/reports/call-logs');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs).toBeVisible();
    const crumbBox = (await crumbs.boundingBox())!;
    // The breadcrumb's first pixels take a click: nothing lies over its start.
    const atStart = await page.evaluate(({ x, y }) => {
      const hit = document.elementFromPoint(x, y);
      return Boolean(hit?.closest('nav[aria-label="Breadcrumb"]'));
    }, { x: crumbBox.x + 2, y: crumbBox.y + crumbBox.height / 2 });
    expect(atStart, 'the start of the breadcrumb is not covered').toBe(true);

    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    const menuBox = (await menuButton.boundingBox())!;
    const overlaps = menuBox.x < crumbBox.x + crumbBox.width && crumbBox.x < menuBox.x + menuBox.width
      && menuBox.y < crumbBox.y + crumbBox.height && crumbBox.y < menuBox.y + menuBox.height;
    expect(overlaps, 'the menu button and the breadcrumb do not overlap').toBe(false);

    const mainMenu = page.getByRole('navigation', { name: 'Main' });
    await expect(mainMenu).toBeHidden();
    await menuButton.click();
    await expect(mainMenu).toBeVisible();
    await mainMenu.getByRole('link', { name: 'AI Call Supports' }).click();
    await expect(page).toHaveURL(/\/dashboard\/ai-call-supports$/);
    // Picking a page closes the menu, so the page has the whole width.
    await expect(mainMenu).toBeHidden();
  });
});
