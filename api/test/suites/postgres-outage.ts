import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVICE_UNAVAILABLE_TEXT } from 'shared-contracts';
import { openDatabase, type Database } from '../../src/db/client';
import { createTenant, PASSWORD } from '../factories';
import { ownPostgresSkipReason, startOwnPostgres, type OwnPostgres } from 'own-services';
import { call, startServer, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';

/** The longest a caller may wait for "try again" while the database is stopped. */
const FAST_MS = 3_000;

const timed = async <T>(work: Promise<T>): Promise<[T, number]> => {
  const started = Date.now();
  const result = await work;
  return [result, Date.now() - started];
};

/**
 * An API on a PostgreSQL cluster of the test's own, which the test stops and starts again. The
 * cluster is the test's whatever the target, so it runs once, with the PostgreSQL target.
 */
export function postgresOutageSuite(ctx: SuiteContext) {
  describe('PostgreSQL outage', () => {
    const skip = ctx.target !== 'postgres' ? 'runs once, with the PostgreSQL target' : ownPostgresSkipReason();
    let cluster: OwnPostgres;
    let database: Database;
    let server: TestServer;
    before(async () => {
      if (skip) return;
      cluster = await startOwnPostgres();
      database = await openDatabase({ databaseUrl: cluster.url, dataDir: 'unused' });
      await database.migrate();
      server = await startServer(database.db);
    });
    after(async () => {
      if (skip) return;
      await server?.close();
      await database?.close();
      await cluster?.destroy();
    });

    it('answers 503 "try again" within seconds while PostgreSQL is stopped, and serves again once it is back, without a restart', { skip }, async (t) => {
      const tenant = await createTenant(server);
      const stats = `call/get-call-stats/${tenant.account.id}`;
      assert.equal((await call(server, 'GET', stats, { token: tenant.ownerToken })).status, 200);

      await cluster.stop();
      const unavailable = { type: 'ServiceUnavailable', message: SERVICE_UNAVAILABLE_TEXT };
      const [read, readMs] = await timed(call(server, 'GET', stats, { token: tenant.ownerToken }));
      assert.deepEqual([read.status, read.body], [503, unavailable]);
      const [signIn, signInMs] = await timed(call(server, 'POST', 'auth/login', { body: { email: tenant.owner.email, password: PASSWORD } }));
      assert.deepEqual([signIn.status, signIn.body], [503, unavailable]);
      // Many callers at once: none waits long, none gets a 500.
      const [many, manyMs] = await timed(Promise.all(Array.from({ length: 20 }, () => call(server, 'POST', 'call/get-call-logs', { token: tenant.ownerToken, body: {} }))));
      assert.deepEqual([...new Set(many.map((r) => r.status))], [503]);
      t.diagnostic(`with PostgreSQL stopped: a read answered 503 in ${readMs} ms, a sign-in in ${signInMs} ms, 20 reads at once in ${manyMs} ms`);
      for (const ms of [readMs, signInMs, manyMs]) assert.ok(ms < FAST_MS, `${ms} ms`);

      const ready = await call(server, 'GET', 'ready');
      assert.equal(ready.status, 503);
      assert.match(ready.body.data.problems[0], /^database: /);
      assert.equal((await call(server, 'GET', 'health')).status, 200);
      // The job queue polls and the call-logs cache tries to listen again meanwhile: the process lives on.
      await sleep(3_000);
      assert.equal((await call(server, 'GET', 'health')).status, 200);

      const restarted = Date.now();
      await cluster.start();
      assert.equal((await waitFor(() => call(server, 'GET', 'ready'), (r) => r.status === 200, 15_000)).status, 200);
      t.diagnostic(`after PostgreSQL restarted: ready in ${Date.now() - restarted} ms`);
      assert.equal((await call(server, 'GET', stats, { token: tenant.ownerToken })).status, 200);
      const relogin = await call(server, 'POST', 'auth/login', { body: { email: tenant.owner.email, password: PASSWORD } });
      assert.equal(relogin.status, 200, JSON.stringify(relogin.body));
      assert.equal((await call(server, 'POST', 'call/get-call-logs', { token: tenant.ownerToken, body: {} })).status, 200);
    });
  });
}
