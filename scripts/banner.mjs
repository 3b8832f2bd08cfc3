// What `pnpm start` and `pnpm dev` print once everything answers: where to open the product
// and the demo sign-ins.
import { APPS } from './serve-app.mjs';

export async function waitForUrl(url, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} seconds`);
}

export async function printBanner({ apiPort, note }) {
  const { tsImport } = await import('tsx/esm/api');
  const { DEMO_SIGN_INS } = await tsImport('../api/src/db/demo-sign-ins.ts', import.meta.url);
  const rows = DEMO_SIGN_INS.map((s) => `  ${s.role.padEnd(14)} ${s.email.padEnd(22)} ${s.password}`);
  console.log([
    '',
    `The product is running${note ? ` ${note}` : ''}: open http://localhost:${APPS.host.port}`,
    '',
    'Sign in as:',
    ...rows,
    '',
    `API http://localhost:${apiPort}/v1  ·  remotes on ports ${APPS.userDashboard.port}, ${APPS.agentSoftphone.port}, ${APPS.admin.port}  ·  Ctrl+C stops everything`,
    '',
  ].join('\n'));
}
