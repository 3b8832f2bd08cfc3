import type { Db } from '../../db/client';
import { telephonyReceipts } from '../../db/schema';

/**
 * Records that event `event` of `sid` was applied; false when it already was. Providers retry
 * webhooks and a signed request can be replayed, so every state change goes through here first.
 */
export async function firstReceipt(db: Db, sid: string, event: string): Promise<boolean> {
  const rows = await db.insert(telephonyReceipts).values({ sid, event }).onConflictDoNothing().returning({ sid: telephonyReceipts.sid });
  return rows.length > 0;
}
