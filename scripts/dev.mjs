// `pnpm dev`: the API restarted on every change to its source, and the host and the three remotes
// on webpack dev servers with React Fast Refresh, on the ports `pnpm start` uses. The host's
// /runtime-config.json points at the remotes' dev servers, so an edited remote screen updates in
// the open page without a reload.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printBanner, waitForUrl } from './banner.mjs';
import { APPS, FEDERATED_APPS } from './serve-app.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = Number(process.env.PORT ?? 4000);
const children = [];

function run(label, args, cwd, env = {}) {
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${label} stopped (${signal ?? `exit code ${code}`}).`);
    stop(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());

const apiDir = path.join(root, 'api');
const tsxCli = createRequire(path.join(apiDir, 'package.json')).resolve('tsx/cli');
run('The API', [tsxCli, 'watch', '--clear-screen=false', 'src/main.ts'], apiDir, { PORT: String(apiPort) });

for (const name of FEDERATED_APPS) {
  const appDir = path.join(root, path.dirname(APPS[name].dir));
  const webpackCli = createRequire(path.join(appDir, 'package.json')).resolve('webpack-cli/bin/cli.js');
  run(`The ${name} dev server`, [webpackCli, 'serve', '--mode', 'development'], appDir, { API_PORT: String(apiPort) });
}

await waitForUrl(`http://127.0.0.1:${apiPort}/v1/health`, 'The API');
const FIRST_BUILD_MS = 600_000;
await Promise.all([
  waitForUrl(`http://127.0.0.1:${APPS.host.port}/`, 'The host dev server', FIRST_BUILD_MS),
  ...FEDERATED_APPS.filter((name) => name !== 'host').map((name) =>
    waitForUrl(`http://127.0.0.1:${APPS[name].port}/remoteEntry.js`, `The ${name} dev server`, FIRST_BUILD_MS)),
]);
await printBanner({ apiPort, note: 'in development mode (API restarts on change, screens refresh in place)' });
