import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CALL_END_REASONS, SLOW_TURN_MS, type CallEndReasonKey, type CallLog } from 'shared-contracts';
import type { Db } from '../../db/client';
import { wrapUpOf } from '../../db/call-wrap-up';
import { accountCallCounts, aiAgents, callbackRequests, calls, callTraces, conversations, leads, users } from '../../db/schema';
import { containsPattern } from '../../db/like';
import { hasFeature } from '../entitlements';
import type { RecordingLinks } from '../recordings';
import { fullName } from '../users';
import type { CallLogsCache, CallLogsPage } from '../../plugins/services/call-logs-cache';

export interface CallLogFilter {
  page: number;
  limit: number;
  search: string;
  direction?: 'inbound' | 'outbound' | undefined;
  slowTurns?: boolean | undefined;
  endReason?: CallEndReasonKey | undefined;
}

/** Whose calls a list shows: an account's, or (with `agentUserId`) one human agent's within it. */
export interface CallLogScope {
  accountId: string;
  agentUserId?: string | undefined;
  /** Any further narrowing (one call, a date range…); the total is then counted. */
  where?: SQL | undefined;
}

const agentUser = alias(users, 'agent_user');

/**
 * The whole account's calls, per direction or both: one row of `account_call_counts`, which
 * triggers on `calls` keep exact (migration call-counts-trigger). Null when the list is
 * narrower than that (a search, one agent, a date range), whose total must be counted.
 */
function keptTotal(scope: CallLogScope, filter: CallLogFilter): SQL<number> | null {
  if (!isWholeAccount(scope, filter)) return null;
  const column = filter.direction === undefined
    ? sql`${accountCallCounts.inbound} + ${accountCallCounts.outbound}`
    : filter.direction === 'inbound' ? sql`${accountCallCounts.inbound}` : sql`${accountCallCounts.outbound}`;
  return sql<number>`coalesce((select ${column} from ${accountCallCounts} where ${accountCallCounts.accountId} = ${scope.accountId}), 0)::int`;
}

/** The whole account's calls, per direction or both: what `account_call_counts` counts and the cache keeps. */
const isWholeAccount = (scope: CallLogScope, filter: CallLogFilter) =>
  scope.agentUserId === undefined && scope.where === undefined && filter.search === '' && !filter.slowTurns && filter.endReason === undefined;

/** Counts the rows `where` selects: an agent's through its own index, a search over the account's rows. */
async function countedTotal(db: Db, search: string, where: SQL | undefined): Promise<number> {
  const query = db.select({ total: sql<number>`count(*)::int`.mapWith(Number) }).from(calls);
  // The lead join is only needed when the search may match the lead's name.
  const [counted] = search === '' ? await query.where(where) : await query.leftJoin(leads, eq(leads.id, calls.leadId)).where(where);
  return counted?.total ?? 0;
}

/** The page's columns, with `total` from `account_call_counts` when `kept` is given (else 0). */
const pageSelect = (db: Db, kept: SQL<number> | null) => db.select({
  call: calls,
  aiAgent: { id: aiAgents.id, name: aiAgents.name },
  agent: { id: agentUser.id, firstName: agentUser.firstName, lastName: agentUser.lastName },
  lead: { id: leads.id, fullName: leads.fullName, phoneNumber: leads.phoneNumber },
  conversation: { id: conversations.id, recordingUrl: conversations.recordingUrl },
  callback: {
    callerName: callbackRequests.callerName, phoneNumber: callbackRequests.phoneNumber, reason: callbackRequests.reason, requestedAt: callbackRequests.requestedAt,
  },
  total: (kept ?? sql<number>`0`).mapWith(Number),
})
  .from(calls)
  .leftJoin(aiAgents, eq(aiAgents.id, calls.aiAgentId))
  .leftJoin(agentUser, eq(agentUser.id, calls.agentUserId))
  .leftJoin(leads, eq(leads.id, calls.leadId))
  .leftJoin(conversations, eq(conversations.callId, calls.id))
  .leftJoin(callbackRequests, eq(callbackRequests.callId, calls.id));

type PageRow = Awaited<ReturnType<typeof pageSelect>>[number];

const prepared = new WeakMap<Db, Map<string, ReturnType<typeof prepareAccountPage>>>();

function prepareAccountPage(db: Db, direction: CallLogFilter['direction']) {
  const accountId = sql.placeholder('accountId');
  const kept = keptTotal({ accountId: accountId as unknown as string }, { page: 1, limit: 1, search: '', direction })!;
  return pageSelect(db, kept)
    .where(and(eq(calls.accountId, accountId), direction === undefined ? undefined : eq(calls.direction, direction)))
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`call_logs_account_page_${direction ?? 'all'}`);
}

/** A whole account's page (per direction or both), prepared once per database. */
function preparedAccountPage(db: Db, direction: CallLogFilter['direction']) {
  let byDirection = prepared.get(db);
  if (!byDirection) prepared.set(db, (byDirection = new Map()));
  const key = direction ?? 'all';
  let query = byDirection.get(key);
  if (!query) byDirection.set(key, (query = prepareAccountPage(db, direction)));
  return query;
}

/** What a page is put together with besides the database. */
export interface CallLogSources {
  /** Turns a stored recording into the link the browser plays (signed here, before any caching). */
  recordings: RecordingLinks;
  /** Whole-account pages, for the call-logs screen. */
  cache?: CallLogsCache | undefined;
}

/**
 * One page of call logs, newest first (started_at, then id, the order of the account and agent
 * indexes, so the scan stops after one page), within `scope`. A whole account's page is one
 * query: its total rides along from `account_call_counts`. As the account's plan serves it:
 * without call recordings the links are left out (the recordings are kept, and served again on
 * a plan that includes them); a cached page follows the plan (migration call-logs-follow-the-plan).
 */
export async function listCallLogs(db: Db, scope: CallLogScope, filter: CallLogFilter, sources: CallLogSources): Promise<CallLogsPage> {
  const { cache, recordings } = sources;
  // Only whole-account pages are cached: their changes are announced per account.
  const cacheKey = !isWholeAccount(scope, filter) || cache === undefined ? undefined : `${filter.direction ?? 'all'}:${filter.page}:${filter.limit}`;
  if (cacheKey !== undefined) {
    const hit = cache!.get(scope.accountId, cacheKey);
    if (hit !== undefined) return hit;
  }
  // Built after the cache is asked: on a hit (most reads) no SQL is put together at all.
  const kept = keptTotal(scope, filter);
  const mark = cache?.mark() ?? 0;
  const recordingsServed = await hasFeature(db, scope.accountId, 'callRecordings');
  let rows: PageRow[];
  let total: number;
  if (kept !== null) {
    // The call-logs screen's own query, the API's hottest path: prepared once per database, so
    // neither the query builder nor PostgreSQL's planner runs again for every page.
    rows = await preparedAccountPage(db, filter.direction).execute({
      accountId: scope.accountId, limit: filter.limit, offset: (filter.page - 1) * filter.limit,
    });
    // Past the last page there is no row to carry the total; the first page empty means none.
    if (rows[0] !== undefined) total = rows[0].total;
    else if (filter.page === 1) total = 0;
    else total = (await db.select({ total: kept.mapWith(Number) }).from(sql`(select 1) as one`))[0]?.total ?? 0;
  } else {
    const conditions: Array<SQL | undefined> = [
      eq(calls.accountId, scope.accountId),
      scope.agentUserId === undefined ? undefined : eq(calls.agentUserId, scope.agentUserId),
      scope.where,
    ];
    if (filter.direction !== undefined) conditions.push(eq(calls.direction, filter.direction));
    if (filter.endReason !== undefined) conditions.push(eq(calls.endReason, CALL_END_REASONS[filter.endReason]));
    if (filter.slowTurns) {
      conditions.push(sql`exists (select 1 from ${callTraces} where ${callTraces.callId} = ${calls.id} and ${callTraces.slowestFirstTokenMs} >= ${SLOW_TURN_MS})`);
    }
    if (filter.search !== '') {
      const pattern = containsPattern(filter.search);
      conditions.push(or(ilike(calls.fromNumber, pattern), ilike(calls.toNumber, pattern), ilike(leads.fullName, pattern)));
    }
    const where = and(...conditions);
    [rows, total] = await Promise.all([
      pageSelect(db, null).where(where).orderBy(desc(calls.startedAt), desc(calls.id))
        .limit(filter.limit).offset((filter.page - 1) * filter.limit),
      countedTotal(db, filter.search, where),
    ]);
  }

  const data = rows.map(({ call, aiAgent, agent, lead, conversation, callback }): CallLog => ({
    id: call.id,
    direction: call.direction,
    status: call.status,
    fromNumber: call.fromNumber,
    toNumber: call.toNumber,
    startedAt: call.startedAt.toISOString(),
    durationSeconds: call.durationSeconds,
    aiAgent,
    agent: agent ? { id: agent.id, fullName: fullName(agent) } : null,
    lead,
    conversation: conversation && { id: conversation.id, recordingUrl: recordingsServed ? recordings.playable(call.id, conversation.recordingUrl) : null },
    endReason: call.endReason,
    callbackRequest: callback && { ...callback, requestedAt: callback.requestedAt.toISOString() },
    wrapUp: wrapUpOf(call),
    transferredTo: call.transferredTo,
  }));
  if (cacheKey !== undefined) cache!.set(scope.accountId, cacheKey, { data, total }, mark);
  return { data, total };
}
