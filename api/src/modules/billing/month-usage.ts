import { sql } from 'drizzle-orm';
import { billingMonth } from 'shared-contracts';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query-rows';

export interface MonthUsage {
  periodStart: string;
  /** The month's last millisecond, as the contracts' month helpers give it. */
  periodEnd: string;
  /** The zone the month is cut in: the account's (billingTimeZone). */
  timeZone: string;
  minutesUsed: number;
  calls: number;
}

/**
 * This calendar month on the account's clock (shared-contracts billingMonth, the rule the
 * screens show it by): every call that started in it counts, each rounded up to a whole
 * minute as carriers bill.
 */
export async function monthUsage(db: Db, accountId: string, timeZone: string, now = new Date()): Promise<MonthUsage> {
  const month = billingMonth({ timeZone }, now);
  const next = new Date(month.end.getTime() + 1);
  const [row] = await queryRows<{ minutes: number; calls: number }>(db, sql`
    select coalesce(sum(ceil(duration_seconds / 60.0)), 0)::int as minutes, count(*)::int as calls
    from calls
    where account_id = ${accountId} and started_at >= ${month.start.toISOString()}::timestamptz
      and started_at < ${next.toISOString()}::timestamptz`);
  return {
    periodStart: month.start.toISOString(),
    periodEnd: month.end.toISOString(),
    timeZone: month.timeZone,
    minutesUsed: Number(row?.minutes ?? 0),
    calls: Number(row?.calls ?? 0),
  };
}
