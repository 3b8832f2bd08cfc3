import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client';

/** A database the suites run against: embedded PGlite in memory, or a throwaway PostgreSQL database. */
export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  /** Why the target is skipped, when it is. */
  skip?: string;
  /** A new database with the migrations applied, or none with `migrate: false`. */
  open(options?: { migrate?: boolean }): Promise<Database>;
}

const ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const pglite: DatabaseTarget = {
  name: 'pglite',
  async open({ migrate = true } = {}) {
    const database = await openDatabase({ dataDir: 'memory://' });
    if (migrate) await database.migrate();
    return database;
  },
};

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh database per run, dropped on close, so runs never see each other's rows. */
const postgres: DatabaseTarget = {
  name: 'postgres',
  async open({ migrate = true } = {}) {
    const name = `api_test_${randomBytes(6).toString('hex')}`;
    await withAdmin((c) => c.query(`create database ${name}`));
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
    try {
      if (migrate) await database.migrate();
    } catch (err) {
      await database.close();
      await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
      throw err;
    }
    return {
      ...database,
      async close() {
        await database.close();
        await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
      },
    };
  },
};

/**
 * Both targets. PostgreSQL out of reach is a skip with the reason on a developer machine,
 * and a failure in CI (CI=true), where a silently skipped half of the suite would hide bugs.
 */
export async function databaseTargets(): Promise<DatabaseTarget[]> {
  try {
    await withAdmin((c) => c.query('select 1'));
    return [pglite, postgres];
  } catch (err) {
    const reason = `PostgreSQL unreachable at ${ADMIN_URL} (${(err as Error).message}); set TEST_PG_URL to run these`;
    if (process.env.CI === 'true') {
      return [pglite, { ...postgres, open: () => Promise.reject(new Error(reason)) }];
    }
    return [pglite, { ...postgres, skip: reason }];
  }
}
