import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The node flags the API runs with in production (its image's CMD, `pnpm start`). */
const { serverNodeFlags } = JSON.parse(fs.readFileSync(path.join(here, '..', '..', 'api', 'package.json'), 'utf8'));

/** Starts bench/api-server.ts in its own process, with the production server's node flags, and resolves once it listens. */
export function startApiServer({ port, databaseUrl, calls = 0, env = {} }) {
  const child = fork(path.join(here, '..', 'api-server.ts'), [], {
    // BENCH_CPU_PROF=<dir> writes the server's CPU profile there when it stops (open it in Chrome's DevTools).
    // BENCH_API_FLAGS="--flag ..." starts the server with more of node's and V8's flags (GC settings, say).
    execArgv: [
      ...serverNodeFlags, '--import', 'tsx', '--expose-gc',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      ...(process.env.BENCH_API_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
    ],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl ?? '',
      DATA_DIR: 'memory://',
      REDIS_URL: '',
      LOG_LEVEL: 'error',
      BENCH_CALLS: String(calls),
      NODE_ENV: 'production',
      TOKEN_SECRET: 'bench-token-secret-that-is-long-enough-0123456789',
      CREDENTIALS_KEY: 'bench-credentials-key-that-is-long-enough-01234',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => m === 'ready' && resolve({
      url: `http://127.0.0.1:${port}`,
      /** The versioned API root, as the test kit's `signIn` takes it. */
      apiUrl: `http://127.0.0.1:${port}/v1`,
      // autocannon's last requests may still be in flight: let them finish before closing.
      stop: () => new Promise((r) => { setTimeout(() => { child.once('exit', r); child.kill('SIGTERM'); }, 1000); }),
    }));
    child.once('exit', (code) => reject(new Error(`bench API server exited with ${code}`)));
  });
}
