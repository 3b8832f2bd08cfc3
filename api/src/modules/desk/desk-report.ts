import { sql, type SQL } from 'drizzle-orm';
import {
  contract, DATE_RANGE_ORDER_TEXT, DESK_REPORT_DEFAULT_DAYS, DESK_REPORT_MAX_DAYS, DESK_REPORT_RANGE_TOO_LONG_TEXT, type DeskFigures, type DeskReport,
} from 'shared-contracts';
import { badRequest } from '../../http/api-error';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { calls, users } from '../../db/schema';
import { implement } from '../../http/implement';
import { accountTimeZone } from '../call-reports';
import { fullName } from '../users';

type FigureRow = { [K in keyof DeskFigures]: number | null };

/**
 * The figures over `waited` (the calls a caller waited on, one row each): the columns are the
 * SQL of DeskFigures, in whole seconds. Abandoned excludes callers still waiting.
 */
const FIGURES = sql`
  count(*)::int as "offered",
  (count(*) filter (where w.answered))::int as "answered",
  (count(*) filter (where not w.answered and not w.unfinished))::int as "abandoned",
  round(avg(w.wait) filter (where w.answered))::int as "averageWaitSeconds",
  round((percentile_cont(0.9) within group (order by w.wait) filter (where w.answered))::numeric)::int as "p90WaitSeconds",
  round(avg(w.handle) filter (where w.answered and not w.unfinished))::int as "averageHandleSeconds",
  (count(*) filter (where w.handed_over))::int as "handedOver",
  (count(*) filter (where w.handed_over and w.answered))::int as "handedOverAnswered"`;

const figuresOf = (row: FigureRow | undefined): DeskFigures => ({
  offered: Number(row?.offered ?? 0),
  answered: Number(row?.answered ?? 0),
  abandoned: Number(row?.abandoned ?? 0),
  averageWaitSeconds: row?.averageWaitSeconds == null ? null : Number(row.averageWaitSeconds),
  p90WaitSeconds: row?.p90WaitSeconds == null ? null : Number(row.p90WaitSeconds),
  averageHandleSeconds: row?.averageHandleSeconds == null ? null : Number(row.averageHandleSeconds),
  handedOver: Number(row?.handedOver ?? 0),
  handedOverAnswered: Number(row?.handedOverAnswered ?? 0),
});

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The days `from`..`to` (YYYY-MM-DD), both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n += 1) days.push(dayOf(n));
  return days;
}

/** Today in the account's zone, from the database clock (the one the calls were stamped by). */
async function today(db: Db, timeZone: string): Promise<string> {
  const [row] = await queryRows<{ day: string }>(db, sql`select to_char((now() at time zone ${timeZone})::date, 'YYYY-MM-DD') as day`);
  return row!.day;
}

/**
 * The desk's figures for an account over whole days of its zone: every caller who waited for a
 * person (rang an agent number, or was handed over by an AI agent), by the day they began to
 * wait. Test calls are left out.
 */
export async function deskReport(db: Db, accountId: string, range: { from?: string | undefined; to?: string | undefined }): Promise<DeskReport> {
  const timeZone = await accountTimeZone(db, accountId);
  const to = range.to ?? (await today(db, timeZone));
  const from = range.from ?? dayOf(dayNumber(to) - (DESK_REPORT_DEFAULT_DAYS - 1));
  // The contract checks a range given whole; one end given alone is checked here, with the other filled in.
  if (from > to) throw badRequest(DATE_RANGE_ORDER_TEXT);
  if (dayNumber(to) - dayNumber(from) >= DESK_REPORT_MAX_DAYS) throw badRequest(DESK_REPORT_RANGE_TOO_LONG_TEXT);
  const waited: SQL = sql`(
    select c.agent_user_id, c.disposition, c.wrapped_up_at,
      to_char((c.queued_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
      c.person_answered_at is not null as answered,
      c.status in ('queued', 'ringing', 'in-progress') as unfinished,
      c.ai_agent_id is not null as handed_over,
      extract(epoch from (c.person_answered_at - c.queued_at)) as wait,
      extract(epoch from (coalesce(c.wrapped_up_at, c.started_at + make_interval(secs => c.duration_seconds)) - c.person_answered_at)) as handle
    from ${calls} c
    where c.account_id = ${accountId} and c.queued_at is not null and not c.is_test
      and c.queued_at >= (${from}::date::timestamp at time zone ${timeZone})
      and c.queued_at < ((${to}::date + 1)::timestamp at time zone ${timeZone})
  ) w`;

  const [totals] = await queryRows<FigureRow>(db, sql`select ${FIGURES} from ${waited}`);
  const days = await queryRows<FigureRow & { day: string }>(db, sql`select w.day as "day", ${FIGURES} from ${waited} group by w.day`);
  const byAgent = await queryRows<{ agentId: string; firstName: string; lastName: string; answered: number; averageHandleSeconds: number | null }>(db, sql`
    select w.agent_user_id as "agentId", u.first_name as "firstName", u.last_name as "lastName",
      count(*)::int as "answered", round(avg(w.handle) filter (where not w.unfinished))::int as "averageHandleSeconds"
    from ${waited} join ${users} u on u.id = w.agent_user_id
    where w.answered
    group by w.agent_user_id, u.first_name, u.last_name
    order by u.first_name, u.last_name, w.agent_user_id`);
  const dispositions = await queryRows<{ agentId: string; disposition: string | null; calls: number }>(db, sql`
    select w.agent_user_id as "agentId", w.disposition as "disposition", count(*)::int as "calls"
    from ${waited}
    where w.answered and w.wrapped_up_at is not null
    group by w.agent_user_id, w.disposition`);

  const byDate = new Map(days.map((row) => [row.day, row]));
  const count = (rows: Array<{ disposition: string | null; calls: number }>) => {
    const totalsOf = new Map<string | null, number>();
    for (const row of rows) totalsOf.set(row.disposition, (totalsOf.get(row.disposition) ?? 0) + Number(row.calls));
    return [...totalsOf].map(([disposition, calls]) => ({ disposition, calls }))
      .sort((a, b) => b.calls - a.calls || (a.disposition ?? '\uffff').localeCompare(b.disposition ?? '\uffff'));
  };
  return {
    from,
    to,
    totals: figuresOf(totals),
    byDay: daysBetween(from, to).map((date) => ({ date, ...figuresOf(byDate.get(date)) })),
    byAgent: byAgent.map((row) => ({
      agentId: row.agentId,
      fullName: fullName(row),
      answered: Number(row.answered),
      averageHandleSeconds: row.averageHandleSeconds == null ? null : Number(row.averageHandleSeconds),
      dispositions: count(dispositions.filter((d) => d.agentId === row.agentId)),
    })),
    dispositions: count(dispositions),
  };
}

export const getDeskReport = implement(contract.desk.getDeskReport, async ({ user, body, db }) => deskReport(db, user.accountId, body));
