// Knowledge lookup: an agent with 1,000 passages searched with caller turns, on PostgreSQL and on
// the embedded PGlite. Each database runs knowledge-lookup.ts in a process of its own.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from './lib/postgres.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

function runLookups(env) {
  const child = fork(path.join(here, 'knowledge-lookup.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let result;
    child.once('message', (m) => { result = m; });
    child.once('exit', (code) => (result ? resolve(result) : reject(new Error(`knowledge lookup exited with ${code}`))));
  });
}

export async function benchKnowledge({ smoke }) {
  const size = smoke
    ? { PASSAGES: '100', OTHER_AGENTS: '1', ROUNDS: '2' }
    : { PASSAGES: '1000', OTHER_AGENTS: '9', ROUNDS: '100' };
  const rows = [];
  const pgDb = await createDatabase();
  if (pgDb) {
    try {
      rows.push({ database: 'PostgreSQL', ...(await runLookups({ ...size, DATABASE_URL: pgDb.url })) });
    } finally {
      await pgDb.drop();
    }
  } else {
    rows.push({ database: 'PostgreSQL', skipped: 'no PostgreSQL on 127.0.0.1:5432 (set BENCH_PG_URL)' });
  }
  rows.push({ database: 'embedded PGlite', ...(await runLookups({ ...size, DATABASE_URL: '' })) });
  return rows;
}
