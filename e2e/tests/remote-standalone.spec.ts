import { expect, test } from '@playwright/test';
import { E2E_PORTS } from '../support/ports';

// A remote's build leaves out the federation runtime's core and takes the host's; its own page,
// with no host, loads a copy of its own first.
test("a remote's standalone page runs without the host", async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`http://localhost:${E2E_PORTS.userDashboard}/`);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  expect(errors).toEqual([]);
});
