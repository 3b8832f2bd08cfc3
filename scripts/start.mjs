// `pnpm start`: the API on the embedded database plus the host and the three remotes,
// each on its own port as they would be deployed, then a banner with where to sign in.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printBanner, waitForUrl } from './banner.mjs';
import { FEDERATED_APPS, serveApp } from './serve-app.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = Number(process.env.PORT ?? 4000);

const { serverNodeFlags } = JSON.parse(fs.readFileSync(path.join(root, 'api', 'package.json'), 'utf8'));
const api = spawn(process.execPath, [...serverNodeFlags, '--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'api'),
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, PORT: String(apiPort) },
});
// The API logs JSON lines (what a log collector reads in production); here they are read by a
// person, so pino-pretty writes each as one line: time, level, message, then its fields.
const prettyBin = path.join(path.dirname(createRequire(import.meta.url).resolve('pino-pretty/package.json')), 'bin.js');
const pretty = spawn(process.execPath, [prettyBin, '--singleLine', '--translateTime', 'SYS:HH:MM:ss', '--ignore', 'pid,hostname'], {
  stdio: ['pipe', 'inherit', 'inherit'],
});
api.stdout.pipe(pretty.stdin);
const stop = () => { api.kill('SIGTERM'); pretty.kill('SIGTERM'); process.exit(0); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  console.error(`The API stopped (exit code ${code}).`);
  process.exit(code ?? 1);
});

await Promise.all(FEDERATED_APPS.map((name) => serveApp(name, { ports: { api: apiPort } })));

await waitForUrl(`http://127.0.0.1:${apiPort}/v1/health`, 'The API');
await printBanner({ apiPort });
