// API throughput: the authenticated call-logs page endpoint on a table of 100,000 calls,
// against a bare hello route in the same server process, both driven by autocannon on loopback.
import autocannon from 'autocannon';
import { createDatabase } from './lib/postgres.mjs';
import { signIn } from 'shared-test-kit';
import { startApiServer } from './lib/server.mjs';

const fire = (opts) => new Promise((resolve, reject) => {
  autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
});

/**
 * Hello and the call-logs page in alternating rounds (the order flips each round), so drift in
 * the machine's speed falls on both: run one after the other, the ratio on one machine ranged
 * from 0.32 to 0.59. Throughput is all requests over all rounds' time; p99 the worst round's.
 */
async function measure(server, { connections, seconds, rounds }) {
  const { token } = await signIn(server.apiUrl, 'user@demo.test');
  const common = { connections, duration: seconds / rounds, pipelining: 1 };
  const targets = {
    hello: { url: `${server.url}/hello` },
    page: {
      url: `${server.url}/v1/call/get-call-logs`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, limit: 10 }),
    },
  };
  // A short warm-up so the JIT and the database caches are not what is measured.
  for (const target of Object.values(targets)) await fire({ ...common, duration: 1, ...target });
  const runs = { hello: [], page: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const name of round % 2 ? ['page', 'hello'] : ['hello', 'page']) runs[name].push(await fire({ ...common, ...targets[name] }));
  }
  const errors = runs.page.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  if (errors > 0) throw new Error(`call-logs answered ${errors} errors during the run`);
  const rps = (results) => results.reduce((sum, r) => sum + r.requests.total, 0) / results.reduce((sum, r) => sum + r.duration, 0);
  const p99 = (results) => Math.max(...results.map((r) => r.latency.p99));
  return {
    helloRps: rps(runs.hello),
    pageRps: rps(runs.page),
    ratio: rps(runs.page) / rps(runs.hello),
    pageP99: p99(runs.page),
    helloP99: p99(runs.hello),
  };
}

export async function benchApi({ smoke }) {
  const calls = smoke ? 2_000 : 100_000;
  const load = { connections: 50, seconds: smoke ? 2 : 10, rounds: smoke ? 1 : 5 };
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
