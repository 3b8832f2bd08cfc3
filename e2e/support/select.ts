import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks an option in an antd Select and waits until the field shows it. Under load a click can
 * land while the dropdown is still animating, so the pick is retried until the field holds it.
 */
export async function choose(page: Page, scope: Page | Locator, field: string, option: string) {
  const combobox = scope.getByRole('combobox', { name: field });
  // `has` is matched inside each .ant-select, so it takes a page-relative locator.
  const select = scope.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: field }) });
  await expect(async () => {
    await combobox.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click({ timeout: 5_000 });
    await expect(select.locator('.ant-select-content')).toHaveAttribute('title', option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
