import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AgentStatusEntry, AgentStatusValue, AwayReasonValue, QueueEntry } from 'shared-contracts';
import type { Db } from '../../db/client';
import { agentStatuses, calls, queueEntries, users } from '../../db/schema';

const columns = {
  agentId: agentStatuses.agentId, status: agentStatuses.status, busyFrom: agentStatuses.busyFrom,
  awayReason: agentStatuses.awayReason, statusSince: agentStatuses.statusSince,
};
type Row = { agentId: string; status: AgentStatusValue; busyFrom: Date | null; awayReason: AwayReasonValue | null; statusSince: Date };

const toEntry = (row: Row): AgentStatusEntry => ({
  agentId: row.agentId,
  status: row.status,
  busyFrom: row.busyFrom ? row.busyFrom.toISOString() : null,
  awayReason: row.status === 'away' ? row.awayReason : null,
  since: row.statusSince.toISOString(),
});

/** The account's human agents that have a status row (others are offline). */
export async function listStatuses(db: Db, accountId: string): Promise<AgentStatusEntry[]> {
  const rows = await db.select(columns)
    .from(agentStatuses)
    .innerJoin(users, eq(users.id, agentStatuses.agentId))
    .where(eq(users.accountId, accountId));
  return rows.map(toEntry);
}

/**
 * Stores an agent's status in one statement. `busyFrom` is when the current busy spell began:
 * kept while the agent stays busy, so the softphone's timer does not restart, and cleared otherwise.
 * `statusSince` moves only when the status (or, away, its reason) changes, so the team's "for
 * 12 min" does not restart when a softphone says the same again (a reconnect).
 */
export async function saveStatus(db: Db, agentId: string, status: AgentStatusValue, awayReason: AwayReasonValue | null = null): Promise<AgentStatusEntry> {
  const reason = status === 'away' ? awayReason : null;
  const [row] = await db.insert(agentStatuses)
    .values({ agentId, status, awayReason: reason, busyFrom: status === 'busy' ? sql`now()` : null, statusSince: sql`now()`, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: agentStatuses.agentId,
      set: {
        status,
        awayReason: reason,
        busyFrom: sql`case when excluded.status <> 'busy' then null
          when ${agentStatuses.status} = 'busy' then ${agentStatuses.busyFrom}
          else excluded.busy_from end`,
        statusSince: sql`case when ${agentStatuses.status} = excluded.status
          and ${agentStatuses.awayReason} is not distinct from excluded.away_reason then ${agentStatuses.statusSince}
          else excluded.status_since end`,
        updatedAt: sql`now()`,
      },
    })
    .returning(columns);
  if (!row) throw new Error('agent status upsert returned no row');
  return toEntry(row);
}

/**
 * Moves an agent to `status` only from one of the statuses in `from`, in one statement, so a
 * status someone else set meanwhile is left alone. Null when the agent was in none of them.
 */
export async function moveStatus(
  db: Db, agentId: string, from: readonly AgentStatusValue[], status: Exclude<AgentStatusValue, 'busy' | 'away'>,
): Promise<AgentStatusEntry | null> {
  const [row] = await db.update(agentStatuses)
    .set({ status, busyFrom: null, awayReason: null, statusSince: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(agentStatuses.agentId, agentId), inArray(agentStatuses.status, [...from])))
    .returning(columns);
  return row ? toEntry(row) : null;
}

/** A call the agent took is waiting for their wrap-up. */
const pendingWrapUpOf = (agentId: string) => sql`exists (
  select 1 from ${calls} c where c.agent_user_id = ${agentId} and c.wrap_up_due_at is not null and c.wrapped_up_at is null)`;

export async function hasPendingWrapUp(db: Db, agentId: string): Promise<boolean> {
  const rows = await db.select({ id: calls.id }).from(calls)
    .where(and(eq(calls.agentUserId, agentId), isNotNull(calls.wrapUpDueAt), isNull(calls.wrappedUpAt))).limit(1);
  return rows.length > 0;
}

/**
 * Frees an agent after a call. While a call of theirs waits for its wrap-up, they go to wrap-up
 * (no calls offered): from busy, or from available when their softphone freed them before the
 * call's end was recorded, unless they are on another call. Otherwise busy goes to `to`
 * (available, or offline when no softphone of theirs is left); an agent who chose away or
 * offline meanwhile stays so. Null when nothing moved.
 */
export async function releaseAgent(db: Db, agentId: string, to: 'available' | 'offline'): Promise<AgentStatusEntry | null> {
  if (to === 'available' && (await hasPendingWrapUp(db, agentId))) {
    const [row] = await db.update(agentStatuses)
      .set({ status: 'wrap-up', busyFrom: null, awayReason: null, statusSince: sql`now()`, updatedAt: sql`now()` })
      .where(and(
        eq(agentStatuses.agentId, agentId), inArray(agentStatuses.status, ['busy', 'available']),
        sql`not exists (select 1 from ${calls} c where c.agent_user_id = ${agentId} and c.status = 'in-progress')`,
      ))
      .returning(columns);
    return row ? toEntry(row) : null;
  }
  return moveStatus(db, agentId, ['busy'], to);
}

/** The agent's last wrap-up is done (or its time ran out): wrap-up goes to available. Null when they were not in wrap-up, or another call still waits. */
export async function leaveWrapUp(db: Db, agentId: string): Promise<AgentStatusEntry | null> {
  const [row] = await db.update(agentStatuses)
    .set({ status: 'available', busyFrom: null, awayReason: null, statusSince: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(agentStatuses.agentId, agentId), eq(agentStatuses.status, 'wrap-up'), sql`not ${pendingWrapUpOf(agentId)}`))
    .returning(columns);
  return row ? toEntry(row) : null;
}

/** A human agent (role AGENT) of the given account, or null. */
export async function findAccountAgent(db: Db, accountId: string, agentId: string): Promise<{ id: string } | null> {
  const [row] = await db.select({ id: users.id }).from(users)
    .where(and(eq(users.id, agentId), eq(users.accountId, accountId), eq(users.role, 'AGENT')));
  return row ?? null;
}

export async function listQueue(db: Db, accountId: string): Promise<QueueEntry[]> {
  const rows = await db.select().from(queueEntries)
    .where(eq(queueEntries.accountId, accountId))
    .orderBy(asc(queueEntries.enqueuedAt), asc(queueEntries.id));
  return rows.map((row) => ({
    id: row.id,
    phoneNumber: row.phoneNumber,
    callerName: row.callerName,
    enqueuedAt: row.enqueuedAt.toISOString(),
  }));
}

/**
 * Takes one caller off the account's queue: the entry the agent is calling back, or the oldest
 * when the frame names none (a softphone older than entry ids only ever calls the first). One
 * statement, so of two agents taking the same entry exactly one removes it. False when the entry
 * was no longer queued.
 */
export async function removeFromQueue(db: Db, accountId: string, entryId: string | undefined): Promise<boolean> {
  const which = entryId ?? sql`(
    select q.id from ${queueEntries} q where q.account_id = ${accountId}
    order by q.enqueued_at, q.id limit 1)`;
  const removed = await db.delete(queueEntries)
    .where(and(eq(queueEntries.accountId, accountId), eq(queueEntries.id, which)))
    .returning({ id: queueEntries.id });
  return removed.length > 0;
}
