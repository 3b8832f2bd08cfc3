import { expect, test } from '@playwright/test';
import { E2E_PORTS } from '../support/ports';

// `pnpm start` serves each app from its build's precompressed copies: the browser gets Brotli.
test('the sign-in page arrives Brotli-compressed, every script of it over 1 KiB', async ({ page }) => {
  const scripts: { url: string; encoding: string | undefined; size: number }[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.body().catch(() => null);
    scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'], size: body?.length ?? 0 });
  });
  await page.goto(`http://localhost:${E2E_PORTS.host}/auth/login`);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const large = scripts.filter((script) => script.size > 1024);
  expect(large.length).toBeGreaterThan(0);
  for (const script of large) expect(script.encoding, script.url).toBe('br');
});
