import { eq } from 'drizzle-orm';
import type { PlanId } from 'shared-contracts';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';

/** The plan an account is on now (the free plan for an account that is gone, so nothing is granted). */
export async function accountPlan(db: Db, accountId: string): Promise<PlanId> {
  const [row] = await db.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, accountId));
  return row?.plan ?? 'free';
}
