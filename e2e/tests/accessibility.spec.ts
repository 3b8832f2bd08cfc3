import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { APP_ROUTES, MENU_TYPEAHEAD_RESET_MS, type Role } from 'shared-contracts';
import { DEMO, signIn } from '../support/session';

// Reads screens only; nothing here changes shared data, so its tests spread over the workers.
test.describe.configure({ mode: 'parallel' });

/** Screens checked per test: a role's screens in a few tests, so no one test holds a worker for minutes. */
const MOST_SCREENS_PER_TEST = 6;

/** Checks that fail the page at any impact: the page's outline and what a screen reader announces. */
const STRUCTURE_RULES = new Set(['page-has-heading-one', 'landmark-no-duplicate-main', 'landmark-main-is-top-level', 'label-content-name-mismatch']);
const FAILING_IMPACTS = new Set(['serious', 'critical']);

type Route = (typeof APP_ROUTES)[number];

/** A real id for each route that takes one, found the way a person finds it: from the list that links to it. */
async function pathOf(page: Page, route: Route): Promise<string> {
  if (!route.path.includes(':')) return `/${route.path}`;
  const fromList = async (list: string, opener: () => Promise<void>) => {
    await page.goto(list);
    await opener();
    await expect(page).not.toHaveURL(new RegExp(`${list}$`));
    return new URL(page.url()).pathname;
  };
  const firstEdit = () => page.getByRole('link', { name: /^Edit/ }).or(page.getByRole('button', { name: /^Edit/ })).first().click();
  switch (route.path) {
    case 'auth/reset-password/:id': return `/auth/reset-password/${randomUUID()}`;
    case 'dashboard/calls/:id/conversation':
      return fromList('/dashboard/reports/call-logs', () => page.getByRole('link', { name: /^View conversation of the call with/ }).first().click());
    case 'dashboard/ai-call-supports/edit/:id': return fromList('/dashboard/ai-call-supports', firstEdit);
    case 'admin/account/edit/:id': return fromList('/admin/account-list', firstEdit);
    case 'admin/ai-client/edit/:id':
      return fromList('/admin/ai-clients', async () => {
        await page.getByRole('button', { name: /^Actions for / }).first().click();
        await page.getByRole('menuitem', { name: 'Edit' }).click();
      });
    default: throw new Error(`no id for ${route.path}: add how a person reaches it`);
  }
}

/** The serious and critical violations on the page once it has loaded, and any of the structure rules. */
async function violationsOn(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  // Loaded: its title is on the page and nothing is still spinning.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  // Colours are read once antd's transitions (a button enabled as its data arrives) have settled;
  // endless animations (a "processing" dot) never do.
  await page.waitForFunction(() => document.getAnimations()
    .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true }, 'target-size': { enabled: true } } }).analyze();
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? '') || STRUCTURE_RULES.has(v.id))
    .map((v) => `${path}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function checkRoutes(page: Page, routes: readonly Route[]) {
  const found: string[] = [];
  for (const route of routes) found.push(...await violationsOn(page, await pathOf(page, route)));
  expect(found, found.join('\n')).toEqual([]);
}

test('every public screen has one h1, one main landmark and no serious accessibility violation', async ({ page }) => {
  await checkRoutes(page, APP_ROUTES.filter((r) => r.roles === null));
});

const SIGN_INS: Record<Role, string> = { USER: DEMO.USER, AGENT: DEMO.AGENT, ADMINISTRATOR: DEMO.ADMINISTRATOR };
for (const role of Object.keys(SIGN_INS) as Role[]) {
  const routes = APP_ROUTES.filter((r) => r.roles?.some((allowed) => allowed === role));
  const perTest = Math.ceil(routes.length / Math.ceil(routes.length / MOST_SCREENS_PER_TEST));
  for (let from = 0; from < routes.length; from += perTest) {
    const part = routes.slice(from, from + perTest);
    const which = part.length < routes.length ? ` (${part[0]!.title} to ${part.at(-1)!.title})` : '';
    test(`every screen of the ${role}${which} has one h1, one main landmark and no serious accessibility violation`, async ({ page }) => {
      test.setTimeout(180_000);
      await signIn(page, SIGN_INS[role]);
      await checkRoutes(page, part);
    });
  }
}

test('typing in the side menu moves focus to the entry that starts with the letters, and Enter opens it', async ({ page }) => {
  await signIn(page, DEMO.AGENT);
  const menu = page.getByRole('navigation', { name: 'Main' });
  await menu.getByRole('link', { name: 'Call Logs' }).focus();
  await page.keyboard.type('di');
  await expect(menu.getByRole('link', { name: 'Dialer Setting' })).toBeFocused();
  // After a second without a key the letters are forgotten: "m" alone finds Messages.
  await page.waitForTimeout(MENU_TYPEAHEAD_RESET_MS + 100);
  await page.keyboard.press('m');
  await expect(menu.getByRole('link', { name: 'Messages' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/messages$/);
});
