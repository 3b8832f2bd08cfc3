import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client';

export type RawRows = { rows: Array<Record<string, unknown>> };

/**
 * SQL text with `$n` parameters on the driver behind `db`, for a library that brings its own SQL
 * (the job queue). PGlite runs a script of several statements only without parameters, through
 * `exec`; node-postgres runs either through `query`.
 */
export function rawSql(db: Db): (text: string, values?: unknown[]) => Promise<RawRows> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    return async (text, values) => {
      if (values !== undefined && values.length > 0) return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Array<Record<string, unknown>> };
    };
  }
  if (client instanceof pg.Pool) {
    return async (text, values) => {
      const result = await client.query(text, values) as unknown as pg.QueryResult | pg.QueryResult[];
      return { rows: Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows };
    };
  }
  throw new Error('rawSql: the database is neither PGlite nor a node-postgres pool');
}
