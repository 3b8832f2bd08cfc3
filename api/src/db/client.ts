import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';
import { MIGRATIONS_FOLDER } from '../paths';

/** What the app sees of either driver: the query builder both share. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations in api/drizzle with the driver's own migrator. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other API instance runs its own: instances starting together on one
   * PostgreSQL would otherwise both apply the same migration or both seed an empty database.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Unset: embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's data directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
}

/**
 * Connections of their own for the reads a caller waits on (see `lookupDbOf`): a turn makes one
 * lookup of about a millisecond, so a few serve a thousand calls.
 */
const LOOKUP_POOL_SIZE = 3;
const lookupDbs = new WeakMap<Db, Db>();

/**
 * Where to run a short read that a live caller is waiting for (a call turn's knowledge lookup).
 * On PostgreSQL it has a small pool of its own, so it never queues for a connection behind
 * writes that wait on their commit (a slow WAL flush holds every connection that commits); on
 * PGlite, with its one connection, it is the database itself.
 */
export const lookupDbOf = (db: Db): Db => lookupDbs.get(db) ?? db;

/** Under the 3 s a caller should wait at most for "try again" when PostgreSQL is out of reach. */
const CONNECT_TIMEOUT_MS = 2_500;

/** Any fixed number, the same in every instance: the advisory lock's name. */
const STARTUP_LOCK = 7_301_001;
const MIGRATIONS = fileURLToPath(MIGRATIONS_FOLDER);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl === undefined ? openPglite(options.dataDir) : openPostgres(options.databaseUrl);
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  let unlock = async () => {};
  if (!inMemory) {
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  const client = new PGlite(dataDir);
  try {
    await client.waitReady;
  } catch (err) {
    await unlock();
    throw err;
  }
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async migrate() {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db, { migrationsFolder: MIGRATIONS });
    },
    // The data directory lock already keeps other processes out.
    exclusive: (work) => work(),
    async close() {
      await client.close();
      await unlock();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  // A request waits at most CONNECT_TIMEOUT_MS for a connection (a new one or a free one), so an
  // unreachable database answers 503 in seconds; the pool opens fresh connections once it is back.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  const lookupPool = new pg.Pool({ connectionString: url, max: LOOKUP_POOL_SIZE, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client that loses its server emits 'error' on the pool; unhandled, that would crash
  // the process. The pool drops that client and the next query reports its own error.
  pool.on('error', () => undefined);
  lookupPool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  lookupDbs.set(db as unknown as Db, drizzlePg({ client: lookupPool, schema }) as unknown as Db);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async migrate() {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db, { migrationsFolder: MIGRATIONS });
    },
    async exclusive(work) {
      // A session-level advisory lock on a connection of its own; the work uses other connections.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), lookupPool.end()]);
    },
  };
}
