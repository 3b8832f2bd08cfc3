import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { waitForOk } from 'shared-test-kit';
import { E2E_PORTS, type AppName } from './ports';

// The stack's processes are shared by global setup, the tests (which stop and restart a
// remote) and teardown, which run in different processes: their pids live in files.
export const repoRoot = path.resolve(__dirname, '..', '..');
const stateDir = path.join(__dirname, '..', '.stack', String(E2E_PORTS.api));
const pidFile = (name: string) => path.join(stateDir, `${name}.pid`);

export const E2E_TOKEN_SECRET = 'e2e-token-secret-that-is-long-enough-0123456789';

function launch(name: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): void {
  fs.mkdirSync(stateDir, { recursive: true });
  const log = fs.openSync(path.join(stateDir, `${name}.log`), 'a');
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', log, log], detached: true });
  child.unref();
  fs.writeFileSync(pidFile(name), String(child.pid));
}

/** The stack's servers are up once their URL answers 2xx. */
export const waitFor = (url: string, timeoutMs = 120_000): Promise<void> => waitForOk(url, timeoutMs);

const answers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.setTimeout(1_000);
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
  });

/**
 * Fails the run when another process holds one of the stack's ports: `waitFor` would take
 * whatever answers there (a server an interrupted run left behind, with its own data) for
 * this run's. A server this run's setup has just stopped gets a few seconds to let go.
 */
export async function assertPortsFree(timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const taken = [];
    for (const [name, port] of Object.entries(E2E_PORTS)) if (await answers(port)) taken.push(`${port} (${name})`);
    if (taken.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`e2e ports already in use by another process: ${taken.join(', ')}. Stop it, or move the stack with E2E_PORT_OFFSET.`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function startApi(dataDir: string): void {
  const origins = [`http://localhost:${E2E_PORTS.host}`, `http://127.0.0.1:${E2E_PORTS.host}`].join(',');
  launch('api', ['--import', 'tsx', 'src/main.ts'], path.join(repoRoot, 'api'), {
    PORT: String(E2E_PORTS.api), DATA_DIR: dataDir, CORS_ORIGINS: origins, TOKEN_SECRET: E2E_TOKEN_SECRET,
    DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'test',
    // Campaigns call one lead at a time, at any hour, so a run at any time of day sees paced calls.
    CAMPAIGN_MAX_CONCURRENT_CALLS: '1', CAMPAIGN_ANY_HOUR: 'true', CAMPAIGN_TICK_SECONDS: '1',
    // Every test registers its accounts from this one address, more than the default allows in 15 minutes.
    AUTH_EMAILS_PER_IP: '500',
  });
}

export async function startApp(name: AppName): Promise<void> {
  if (fs.existsSync(pidFile(name))) return; // already running
  launch(name, ['scripts/serve-app.mjs', name, String(E2E_PORTS[name])], repoRoot, {
    APP_PORTS: JSON.stringify(E2E_PORTS), HOST: '127.0.0.1',
  });
  await waitFor(`http://127.0.0.1:${E2E_PORTS[name]}/${name === 'host' ? 'runtime-config.json' : 'remoteEntry.js'}`);
}

export function stop(name: string): void {
  if (!fs.existsSync(pidFile(name))) return;
  const pid = Number(fs.readFileSync(pidFile(name), 'utf8'));
  try { process.kill(-pid, 'SIGTERM'); } catch { /* already gone */ }
  fs.rmSync(pidFile(name));
}

export async function stopApp(name: AppName): Promise<void> {
  stop(name);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try { await fetch(`http://127.0.0.1:${E2E_PORTS[name]}/`); } catch { return; }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} is still answering after it was stopped`);
}

export const allProcessNames = (): string[] =>
  fs.existsSync(stateDir) ? fs.readdirSync(stateDir).filter((f) => f.endsWith('.pid')).map((f) => f.replace(/\.pid$/, '')) : [];
