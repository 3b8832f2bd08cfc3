import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { queryRows } from './query-rows';

// The database's zone list does not change while it runs: read once per database.
const known = new WeakMap<Db, Promise<Set<string>>>();

/**
 * The zones the database knows. Node's list and PostgreSQL's differ (each ships its own tz
 * data), and every report and the dialer turn an account's zone into SQL, so a zone the
 * database refuses would break them for good.
 */
export function databaseTimeZones(db: Db): Promise<Set<string>> {
  let zones = known.get(db);
  if (!zones) {
    zones = queryRows<{ name: string }>(db, sql`select name from pg_timezone_names`)
      .then((rows) => new Set(rows.map((row) => row.name)));
    // A failed read (the database away) is not remembered.
    zones.catch(() => known.delete(db));
    known.set(db, zones);
  }
  return zones;
}

/** Of `zones`, those the database does not know. */
export async function unknownToDatabase(db: Db, zones: Iterable<string>): Promise<Set<string>> {
  const names = await databaseTimeZones(db);
  return new Set([...zones].filter((zone) => !names.has(zone)));
}
