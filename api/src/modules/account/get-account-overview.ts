import { and, count, eq } from 'drizzle-orm';
import { contract, freePlanAgentLimit, minuteQuotaFor, type PlanId } from 'shared-contracts';
import { accounts, aiAgents, users } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { monthUsage } from '../billing';

/** The account at a glance for every role: plan, this month's minutes and calls, agents. */
export const getAccountOverview = implement(contract.account.getAccountOverview, async ({ params, db }) => {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, params.id));
  if (account === undefined) throw notFound();
  const plan = account.plan as PlanId;
  const [usage, [ai], [humans]] = await Promise.all([
    monthUsage(db, account.id, account.timeZone),
    db.select({ n: count() }).from(aiAgents).where(eq(aiAgents.accountId, account.id)),
    db.select({ n: count() }).from(users).where(and(eq(users.accountId, account.id), eq(users.role, 'AGENT'))),
  ]);
  return {
    account: { id: account.id, name: account.name, plan, createdAt: account.createdAt.toISOString() },
    usage: { periodStart: usage.periodStart, periodEnd: usage.periodEnd, timeZone: usage.timeZone, minutesUsed: usage.minutesUsed, minuteQuota: minuteQuotaFor(plan) },
    aiAgentCount: ai?.n ?? 0,
    aiAgentLimit: plan === 'free' ? freePlanAgentLimit(account.agentCapOverride) : null,
    humanAgentCount: humans?.n ?? 0,
    callsThisMonth: usage.calls,
  };
});
