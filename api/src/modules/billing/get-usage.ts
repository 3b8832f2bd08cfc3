import { eq, sql } from 'drizzle-orm';
import { contract, overageFor, type PlanId } from 'shared-contracts';
import { accounts } from '../../db/schema';
import { queryRows } from '../../db/query-rows';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';

/**
 * Minutes used this calendar month, cut in the account's time zone (as its reports are): every
 * call that started this month counts, each rounded up to a whole minute as carriers bill.
 */
export const getUsage = implement(contract.billing.getUsage, async ({ params, db }) => {
  const [account] = await db.select({ plan: accounts.plan, timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, params.accountId));
  if (account === undefined) throw notFound();
  const [row] = await queryRows<{ minutes: number; period_start: string; period_end: string }>(db, sql`
    with month as (
      select (date_trunc('month', now() at time zone ${account.timeZone}) at time zone ${account.timeZone}) as start,
        ((date_trunc('month', now() at time zone ${account.timeZone}) + interval '1 month') at time zone ${account.timeZone}) as next
    )
    select coalesce(sum(ceil(c.duration_seconds / 60.0)), 0)::int as minutes, (extract(epoch from m.start) * 1000)::bigint::text as period_start,
      (extract(epoch from m.next) * 1000)::bigint::text as period_end
    from month m
    left join calls c on c.account_id = ${params.accountId} and c.started_at >= m.start and c.started_at < m.next
    group by m.start, m.next`);
  const minutesUsed = Number(row?.minutes ?? 0);
  const plan = account.plan as PlanId;
  return {
    accountId: params.accountId,
    plan,
    periodStart: new Date(Number(row!.period_start)).toISOString(),
    // The month's last millisecond, as the contracts' month helpers give it.
    periodEnd: new Date(Number(row!.period_end) - 1).toISOString(),
    minutesUsed,
    ...overageFor(plan, minutesUsed),
  };
});
