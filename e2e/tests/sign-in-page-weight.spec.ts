import { expect, test, type Page } from '@playwright/test';
import { E2E_PORTS } from '../support/ports';

type Script = { url: string; encoding: string | undefined; size: number; transferred: number; text: string };

/** The page at `path` before anyone signs in, with every script it loaded (decoded). */
async function loadSignedOut(page: Page, path: string, heading: string): Promise<Script[]> {
  const scripts: Script[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.body().catch(() => null);
    const sizes = await response.request().sizes().catch(() => null);
    scripts.push({
      url: response.url(), encoding: response.headers()['content-encoding'], size: body?.length ?? 0,
      transferred: sizes?.responseBodySize ?? 0, text: body?.toString('utf8') ?? '',
    });
  });
  const settled = networkSettled(page);
  await page.goto(`http://localhost:${E2E_PORTS.host}${path}`);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await settled();
  return scripts;
}

/** Resolves once no request has been in flight for a second. Counted here rather than by
 *  Chromium's 'networkidle', which on a loaded machine can fail to fire at all. */
function networkSettled(page: Page, quietMs = 1000) {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const change = () => { lastChange = Date.now(); };
  page.on('request', (request) => { inFlight.add(request); change(); });
  const done = (request: unknown) => { inFlight.delete(request); change(); };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => expect.poll(() => inFlight.size === 0 && Date.now() - lastChange >= quietMs, { intervals: [100] }).toBe(true);
}

// `pnpm start` serves each app from its build's precompressed copies: the browser gets Brotli.
test('the sign-in page arrives Brotli-compressed, every script of it over 1 KiB', async ({ page }) => {
  const large = (await loadSignedOut(page, '/auth/login', 'Sign in')).filter((script) => script.size > 1024);
  expect(large.length).toBeGreaterThan(0);
  for (const script of large) expect(script.encoding, script.url).toBe('br');
});

/** The chunks of the signed-in frame and the account screens (host/src/app/host-screens.ts), and
 *  the federation runtime, which names itself in its messages. */
const signedInCode = (scripts: Script[]) =>
  scripts.filter((script) => /\/(layout|account)\.[0-9a-f]{8}\.js$/.test(script.url) || script.text.includes('Federation Runtime')).map((script) => script.url);

// The sign-in pages carry no signed-in frame, no account screens and no federation runtime
// until the visitor starts on the form.
for (const [path, heading] of [['/auth/login', 'Sign in'], ['/auth/register', 'Create account'], ['/auth/forgot-password', 'Forgot password']] as const) {
  test(`${path} loads no code of the signed-in pages`, async ({ page }) => {
    expect(signedInCode(await loadSignedOut(page, path, heading))).toEqual([]);
  });
}

/** The most compressed JavaScript a page before sign-in may load. */
const SIGNED_OUT_SCRIPT_BUDGET = 200 * 1024;

// Each page before sign-in loads at most 200 KiB of compressed JavaScript: a phone on a slow
// network starts on the form, not on the component library.
for (const [path, heading] of [
  ['/auth/login', 'Sign in'], ['/auth/register', 'Create account'], ['/auth/forgot-password', 'Forgot password'], ['/auth/two-step', 'Two-step verification'],
] as const) {
  test(`${path} loads at most 200 KiB of compressed JavaScript`, async ({ page }) => {
    const scripts = await loadSignedOut(page, path, heading);
    const total = scripts.reduce((sum, script) => sum + script.transferred, 0);
    expect(scripts.every((script) => script.transferred > 0)).toBe(true);
    expect(total, scripts.map((script) => `${script.url} ${script.transferred}`).join('\n')).toBeLessThanOrEqual(SIGNED_OUT_SCRIPT_BUDGET);
  });
}

test('the runtime for the signed-in pages loads once the visitor starts on the form', async ({ page }) => {
  expect(signedInCode(await loadSignedOut(page, '/auth/login', 'Sign in'))).toEqual([]);
  const runtime = page.waitForResponse((response) => /federation\.[0-9a-f]{8}\.js$/.test(response.url()));
  await page.getByLabel('Email').click();
  await runtime;
});
