import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';

/** The zone an account's reports cut days in. */
export async function accountTimeZone(db: Db, accountId: string): Promise<string> {
  const [row] = await db.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId));
  return row?.timeZone ?? 'UTC';
}
