import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';
import { startApp, stopApp } from '../support/stack';

test('with the admin remote down, its route falls back, the others work, and Retry recovers', async ({ browser }) => {
  await stopApp('admin');
  try {
    const user = await browser.newPage();
    await signIn(user, DEMO.USER);
    await expect(user.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await user.close();

    const agent = await browser.newPage();
    await signIn(agent, DEMO.AGENT);
    await expect(agent.getByRole('table')).toBeVisible();
    await agent.close();

    const admin = await browser.newPage();
    await signIn(admin, DEMO.ADMINISTRATOR);
    await expect(admin.getByText(/is unavailable right now/)).toBeVisible();
    // The shell around the fallback still works.
    await expect(admin.getByRole('menuitem', { name: 'Accounts' })).toBeVisible();
    await admin.evaluate(() => { (window as unknown as { __sameDocument: boolean }).__sameDocument = true; });

    await startApp('admin');
    await admin.getByRole('button', { name: 'Retry' }).click();
    // The remote's screen with its data (which accounts are on page 1 depends on what other
    // tests created, so the check is that the list has rows, not which ones).
    await expect(admin.getByRole('heading', { name: 'Account List' })).toBeVisible();
    await expect(admin.getByRole('row').nth(1)).toBeVisible();
    // Recovered without a page reload.
    expect(await admin.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  } finally {
    await startApp('admin');
  }
});
