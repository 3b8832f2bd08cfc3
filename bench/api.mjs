// API throughput: the authenticated call-logs page endpoint on a table of 100,000 calls,
// against a bare hello route in the same server process, both driven by autocannon on loopback.
import autocannon from 'autocannon';
import { createDatabase } from './lib/postgres.mjs';
import { signIn, startApiServer } from './lib/server.mjs';

const fire = (opts) => new Promise((resolve, reject) => {
  autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
});

async function measure(server, { connections, seconds }) {
  const { token } = await signIn(server.url, 'user@demo.test');
  const common = { connections, duration: seconds, pipelining: 1 };
  // A short warm-up so the JIT and the database caches are not what is measured.
  await fire({ ...common, duration: 1, url: `${server.url}/hello` });
  const hello = await fire({ ...common, url: `${server.url}/hello` });
  const page = await fire({
    ...common,
    url: `${server.url}/v1/call/get-call-logs`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, limit: 10 }),
  });
  const errors = page.non2xx + page.errors;
  if (errors > 0) throw new Error(`call-logs answered ${errors} errors during the run`);
  return {
    helloRps: hello.requests.average,
    pageRps: page.requests.average,
    ratio: page.requests.average / hello.requests.average,
    pageP99: page.latency.p99,
    helloP99: hello.latency.p99,
  };
}

export async function benchApi({ smoke }) {
  const calls = smoke ? 2_000 : 100_000;
  const load = { connections: 50, seconds: smoke ? 2 : 10 };
  const rows = [];
  const pgDb = await createDatabase();
  if (pgDb) {
    const server = await startApiServer({ port: 4290, databaseUrl: pgDb.url, calls });
    try {
      rows.push({ database: 'PostgreSQL', calls, ...(await measure(server, load)) });
    } finally {
      await server.stop();
      await pgDb.drop();
    }
  } else {
    rows.push({ database: 'PostgreSQL', skipped: 'no PostgreSQL on 127.0.0.1:5432 (set BENCH_PG_URL)' });
  }
  const server = await startApiServer({ port: 4291, calls });
  try {
    rows.push({ database: 'embedded PGlite', calls, ...(await measure(server, load)) });
  } finally {
    await server.stop();
  }
  return rows;
}
