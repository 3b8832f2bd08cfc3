import { eq } from 'drizzle-orm';
import { contract, overageFor, type PlanId } from 'shared-contracts';
import { accounts } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { monthUsage } from './month-usage';

/** Minutes used this calendar month and what they cost beyond the plan's quota. */
export const getUsage = implement(contract.billing.getUsage, async ({ params, db }) => {
  const [account] = await db.select({ plan: accounts.plan, timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, params.accountId));
  if (account === undefined) throw notFound();
  const { periodStart, periodEnd, timeZone, minutesUsed } = await monthUsage(db, params.accountId, account.timeZone);
  const plan = account.plan as PlanId;
  return { accountId: params.accountId, plan, periodStart, periodEnd, timeZone, minutesUsed, ...overageFor(plan, minutesUsed) };
});
