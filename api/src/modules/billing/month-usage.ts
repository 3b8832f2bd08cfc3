import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query-rows';

export interface MonthUsage {
  periodStart: string;
  /** The month's last millisecond, as the contracts' month helpers give it. */
  periodEnd: string;
  minutesUsed: number;
  calls: number;
}

/**
 * This calendar month in the account's time zone (as its reports are cut): every call that
 * started in it counts, each rounded up to a whole minute as carriers bill.
 */
export async function monthUsage(db: Db, accountId: string, timeZone: string): Promise<MonthUsage> {
  const [row] = await queryRows<{ minutes: number; calls: number; period_start: string; period_end: string }>(db, sql`
    with month as (
      select (date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone}) as start,
        ((date_trunc('month', now() at time zone ${timeZone}) + interval '1 month') at time zone ${timeZone}) as next
    )
    select coalesce(sum(ceil(c.duration_seconds / 60.0)), 0)::int as minutes, count(c.id)::int as calls,
      (extract(epoch from m.start) * 1000)::bigint::text as period_start,
      (extract(epoch from m.next) * 1000)::bigint::text as period_end
    from month m
    left join calls c on c.account_id = ${accountId} and c.started_at >= m.start and c.started_at < m.next
    group by m.start, m.next`);
  return {
    periodStart: new Date(Number(row!.period_start)).toISOString(),
    periodEnd: new Date(Number(row!.period_end) - 1).toISOString(),
    minutesUsed: Number(row?.minutes ?? 0),
    calls: Number(row?.calls ?? 0),
  };
}
