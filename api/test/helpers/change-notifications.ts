import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * Runs `run` with the triggers that announce call-log changes on `call_logs_changed` switched
 * off, so a cached call-logs page can only be dropped by the code of the instance that wrote.
 * The database is the run's own (see databases.ts), and the tests of a run go one at a time.
 */
export async function withoutChangeNotifications(db: Db, run: () => Promise<void>): Promise<void> {
  const { rows } = await db.execute(sql`
    select t.tgname as name, t.tgrelid::regclass::text as "table" from pg_trigger t join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and p.prosrc like '%call_logs_changed%'`) as unknown as { rows: Array<{ name: string; table: string }> };
  assert.ok(rows.length > 0, 'the change triggers are found');
  const toggle = async (state: 'enable' | 'disable') => {
    for (const { name, table } of rows) await db.execute(sql.raw(`alter table ${table} ${state} trigger "${name}"`));
  };
  await toggle('disable');
  try {
    await run();
  } finally {
    await toggle('enable');
  }
}
