// The API exactly as `api/src/main.ts` builds it, plus routes benchmarks need in the same
// process: a bare hello (the framework's ceiling on this machine) and a memory reading.
// BENCH_CALLS=<n> adds n calls to the demo account so list queries run on a realistic table.
// BENCH_RELAY_PROBE=1 times AI call turns inside the server and answers which calls have not
// ended yet (the relay benchmark waits for them before it measures again).
import { and, count, inArray, notInArray, sql } from 'drizzle-orm';
import { buildApp } from 'api/src/app';
import { loadConfig } from 'api/src/config';
import { openDatabase } from 'api/src/db/client';
import { calls } from 'api/src/db/schema';
import { seedIfEmpty } from 'api/src/db/seed';
import { watchRelayTurns } from './relay-probe';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedIfEmpty(database.db);

const extraCalls = Number(process.env.BENCH_CALLS ?? 0);
if (extraCalls > 0) {
  await database.db.execute(sql`
    INSERT INTO calls (account_id, direction, status, from_number, to_number, started_at, duration_seconds)
    SELECT a.id,
           (CASE WHEN g % 2 = 0 THEN 'inbound' ELSE 'outbound' END)::call_direction,
           (CASE WHEN g % 7 = 0 THEN 'missed' ELSE 'completed' END)::call_status,
           '+15550000000', '+15551111111',
           now() - make_interval(mins => g), g % 900
    FROM generate_series(1, ${extraCalls}) AS g,
         (SELECT id FROM accounts WHERE name = 'Acme Dental') AS a`);
  await database.db.execute(sql`ANALYZE calls`);
}

const app = await buildApp({ config, db: database.db });
app.get('/hello', async () => ({ hello: 'world' }));
app.get('/bench/cpu', async () => process.cpuUsage());
app.get('/bench/memory', async () => {
  // ArrayBuffers a collection finds dead are freed by a background task after it: the second
  // collection, a moment later, reads the heap once they are gone.
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  globalThis.gc?.();
  return process.memoryUsage();
});
if (process.env.BENCH_RELAY_PROBE === '1') {
  // BENCH_RELAY_TRACE (set for the relay benchmark, see relay.mjs) also takes the turns apart.
  const probe = watchRelayTurns({ trace: Boolean(process.env.BENCH_RELAY_TRACE) });
  app.get('/bench/relay-turns', async () => probe.take());
  app.post('/bench/relay-unfinished', async (request) => {
    const { callIds } = request.body as { callIds: string[] };
    if (callIds.length === 0) return { unfinished: 0 };
    const [row] = await database.db.select({ unfinished: count() }).from(calls)
      .where(and(inArray(calls.id, callIds), notInArray(calls.status, ['completed', 'missed', 'busy', 'failed', 'voicemail'])));
    return { unfinished: row?.unfinished ?? 0 };
  });
}
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.('ready');
// It goes when the benchmark that forked it does, also one that crashed or was killed: a server
// left behind would hold the port the next run needs.
process.once('disconnect', () => process.exit(0));
process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
