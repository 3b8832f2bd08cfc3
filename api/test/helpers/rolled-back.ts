import type { Db } from '../../src/db/client';

class RolledBack extends Error {}

/**
 * Runs `work` in a transaction that is rolled back: AI clients are global, so a test that needs
 * one client (or none) enabled changes them only where no other test can see it.
 */
export async function rolledBack<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db.transaction(async (tx) => {
    result = await work(tx);
    throw new RolledBack();
  }).catch((err: unknown) => {
    if (!(err instanceof RolledBack)) throw err;
  });
  return result as T;
}
