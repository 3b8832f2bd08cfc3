// `pnpm start`: the API on the embedded database plus the host and the three remotes,
// each on its own port as they would be deployed, then a banner with where to sign in.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, FEDERATED_APPS, serveApp } from './serve-app.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = Number(process.env.PORT ?? 4000);

const api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'api'),
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, PORT: String(apiPort) },
});
const stop = () => { api.kill('SIGTERM'); process.exit(0); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  console.error(`The API stopped (exit code ${code}).`);
  process.exit(code ?? 1);
});

await Promise.all(FEDERATED_APPS.map((name) => serveApp(name, { ports: { api: apiPort } })));

async function waitForApi(deadline = Date.now() + 120_000) {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${apiPort}/v1/health`);
      if (res.ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('The API did not become ready within 2 minutes');
}
await waitForApi();

const { tsImport } = await import('tsx/esm/api');
const { DEMO_SIGN_INS } = await tsImport('../api/src/db/demo-sign-ins.ts', import.meta.url);
const rows = DEMO_SIGN_INS.map((s) => `  ${s.role.padEnd(14)} ${s.email.padEnd(22)} ${s.password}`);
console.log([
  '',
  `The product is running: open http://localhost:${APPS.host.port}`,
  '',
  'Sign in as:',
  ...rows,
  '',
  `API http://localhost:${apiPort}/v1  ·  remotes on ports ${APPS.userDashboard.port}, ${APPS.agentSoftphone.port}, ${APPS.admin.port}  ·  Ctrl+C stops everything`,
  '',
].join('\n'));
