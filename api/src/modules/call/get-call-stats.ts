import { and, eq, inArray, sql } from 'drizzle-orm';
import { contract, type CallStats } from 'shared-contracts';
import { accounts, calls } from '../../db/schema';
import { queryRows } from '../../db/query-rows';
import { implement } from '../../http/implement';

/** A call someone picked up (still running or finished). */
const ANSWERED = ['completed', 'in-progress'] as const;
/** A call nobody picked up. Queued and ringing calls are neither answered nor missed yet. */
const MISSED = ['missed', 'busy', 'failed', 'voicemail'] as const;
const DAYS = 14;

const countWhere = (condition: ReturnType<typeof sql>) =>
  sql<number>`(count(*) filter (where ${condition}))::int`.mapWith(Number);

export const getCallStats = implement(contract.call.getCallStats, async ({ params, query, db }) => {
  const [account] = await db.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, params.accountId));
  const timeZone = account?.timeZone ?? 'UTC';
  const scope = and(
    eq(calls.accountId, params.accountId),
    query.direction === undefined ? undefined : eq(calls.direction, query.direction),
  );

  const [totals] = await db.select({
    total: sql<number>`count(*)::int`.mapWith(Number),
    inbound: countWhere(sql`${calls.direction} = 'inbound'`),
    outbound: countWhere(sql`${calls.direction} = 'outbound'`),
    answered: countWhere(inArray(calls.status, [...ANSWERED])),
    missed: countWhere(inArray(calls.status, [...MISSED])),
    // Over answered calls only: a missed call's 0 s would drag the average down.
    averageDurationSeconds: sql<number>`coalesce(round(avg(${calls.durationSeconds}) filter (where ${inArray(calls.status, [...ANSWERED])})), 0)::int`.mapWith(Number),
  }).from(calls).where(scope);

  // Days are cut in the account's time zone, and "today" comes from the database clock so
  // the labels and the boundaries agree.
  const directionFilter = query.direction === undefined ? sql`` : sql`and c.direction = ${query.direction}`;
  const byDay = await queryRows<{ date: string; inbound: number; outbound: number }>(db, sql`
    with days as (
      select generate_series((now() at time zone ${timeZone})::date - ${DAYS - 1}::int, (now() at time zone ${timeZone})::date, interval '1 day')::date as day
    )
    select to_char(d.day, 'YYYY-MM-DD') as date,
      (count(c.id) filter (where c.direction = 'inbound'))::int as inbound,
      (count(c.id) filter (where c.direction = 'outbound'))::int as outbound
    from days d
    left join ${calls} c
      on c.account_id = ${params.accountId}
      and c.started_at >= (d.day::timestamp at time zone ${timeZone})
      and c.started_at < ((d.day + 1)::timestamp at time zone ${timeZone})
      ${directionFilter}
    group by d.day
    order by d.day`);

  const stats: CallStats = {
    total: totals?.total ?? 0,
    inbound: totals?.inbound ?? 0,
    outbound: totals?.outbound ?? 0,
    answered: totals?.answered ?? 0,
    missed: totals?.missed ?? 0,
    averageDurationSeconds: totals?.averageDurationSeconds ?? 0,
    byDay: byDay.map((d) => ({ date: d.date, inbound: Number(d.inbound), outbound: Number(d.outbound) })),
  };
  return stats;
});
