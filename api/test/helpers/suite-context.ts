import { after, before } from 'node:test';
import type { Database } from '../../src/db/client';
import type { DatabaseTarget } from './databases';
import { startServer, type TestServer } from './server';

export interface SuiteContext {
  target: DatabaseTarget['name'];
  /** The server of the current target; available once `before` has run. */
  readonly server: TestServer;
  readonly database: Database;
}

/** Opens the target's database and one server for all suites of that target, closed after. */
export function useTarget(target: DatabaseTarget): SuiteContext {
  let server: TestServer | undefined;
  let database: Database | undefined;
  before(async () => {
    database = await target.open();
    server = await startServer(database.db);
  });
  after(async () => {
    await server?.close();
    await database?.close();
  });
  return {
    target: target.name,
    get server() {
      if (!server) throw new Error('server not started');
      return server;
    },
    get database() {
      if (!database) throw new Error('database not open');
      return database;
    },
  };
}
