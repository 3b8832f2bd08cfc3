import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Rows of a raw query. Both drivers answer `{ rows }`, but their result types differ, so the
 * shared `Db` type cannot name it. Select only ints and text here: timestamps would come back
 * as a Date from one driver and a string from the other.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
