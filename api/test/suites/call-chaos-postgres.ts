import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ownPostgresSkipReason, startOwnPostgres, type OwnPostgres } from 'own-services';
import { openDatabase, type Database } from '../../src/db/client';
import { transcriptOf } from '../helpers/call-record';
import { startServer, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';
import { assertNoCallerStranded, chaosAccount, chaosCall, figuresOf, type PersonRoute } from './call-chaos';

/**
 * The cluster's processes, postmaster first: frozen (SIGSTOP) they keep every connection open and
 * answer nothing, as a database behind a stalled disk or a network partition does.
 */
function clusterProcesses(cluster: OwnPostgres): number[] {
  const postmaster = Number(readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
    .split('\n').map((pid) => Number(pid.trim())).filter((pid) => pid > 0);
  return [postmaster, ...children];
}

/**
 * Calls on an API whose PostgreSQL (a cluster of the test's own) freezes while callers speak. The
 * cluster is the test's whatever the target, so it runs once, with the PostgreSQL target.
 */
export function callChaosPostgresSuite(ctx: SuiteContext) {
  describe('calls while PostgreSQL is paused', () => {
    const skip = ctx.target !== 'postgres' ? 'runs once, with the PostgreSQL target' : ownPostgresSkipReason();
    let cluster: OwnPostgres;
    let database: Database;
    let server: TestServer;
    let frozen: number[] = [];
    const thaw = () => {
      for (const pid of [...frozen].reverse()) process.kill(pid, 'SIGCONT');
      frozen = [];
    };
    before(async () => {
      if (skip) return;
      cluster = await startOwnPostgres();
      database = await openDatabase({ databaseUrl: cluster.url, dataDir: 'unused' });
      await database.migrate();
      server = await startServer(database.db);
    });
    after(async () => {
      if (skip) return;
      thaw();
      await server?.close();
      await database?.close();
      await cluster?.destroy();
    });

    it('a turn while PostgreSQL is paused is answered within seconds, and every call ends with its record once it is back', { skip }, async () => {
      const routes: PersonRoute[] = ['queue', 'number', 'message'];
      const accounts = await Promise.all(routes.map((route) => chaosAccount(server, route, null)));
      const callers = await Promise.all(accounts.map((account) => chaosCall(server, account)));
      // Each call has begun (its greeting is stored) before the database freezes.
      for (const caller of callers) await waitFor(() => transcriptOf(server, caller.callId), (lines) => lines.length > 0);
      frozen = clusterProcesses(cluster);
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
      try {
        await Promise.all(callers.map((caller) => caller.ask()));
      } finally {
        thaw();
      }
      const outcomes = await Promise.all(callers.map((caller) => caller.finish()));
      assertNoCallerStranded(figuresOf('PostgreSQL paused during a turn', outcomes));
    });
  });
}
