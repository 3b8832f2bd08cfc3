import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CALL_END_REASONS } from 'shared-contracts';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../db/query-rows';
import { calls, conversations } from '../../../db/schema';
import { raiseCallFailed } from '../../webhooks';
import { callWrapUpJob } from '../responders/call-wrap-up';

/**
 * How often the instance holding a call's AI session says it is still there (`markSessionsSeen`
 * for every call it holds). Also once as soon as a session takes its call.
 */
export const SESSION_SEEN_INTERVAL_MS = 15_000;

export interface UnfinishedCallGrace {
  /** An in-progress call whose session has not been seen for this long has lost it (four beats missed). */
  inProgressSeconds: number;
  /** A call still ringing this long after it was logged never connected to its agent. */
  ringingSeconds: number;
}

/**
 * Ringing waits longer than a ring: Twilio rings an AI agent's outbound call for 60 s before it
 * reports no answer, and a browser opens its socket within a second of asking for the call.
 */
export const UNFINISHED_CALL_GRACE: UnfinishedCallGrace = { inProgressSeconds: 60, ringingSeconds: 180 };

/** Calls finished per statement; a sweep goes on until none is left. */
const SWEEP_BATCH = 100;

/** The instance holding these calls' sessions is alive: one UPDATE, on the database's clock like the sweep. */
export async function markSessionsSeen(db: Db, callIds: string[]): Promise<void> {
  if (callIds.length === 0) return;
  await db.update(calls).set({ sessionSeenAt: sql`now()` }).where(inArray(calls.id, callIds));
}

export interface FinishedCall {
  id: string;
  accountId: string;
  status: 'completed' | 'failed';
  durationSeconds: number;
  endReason: string;
}

export interface SweepOptions {
  /** The sweep's clock; unset, the database's now(). */
  now?: Date;
  grace?: UnfinishedCallGrace;
}

/**
 * Claims the AI calls no live session holds and ends them, in one statement per batch:
 * - in progress, and its session not seen (or never, counted from the start) within the grace:
 *   `completed`, lasting until the last sign of it (its last transcript line, or its session's
 *   last beat), "The server restarted";
 * - still ringing past its grace: `failed`, "The caller never connected".
 * A person's call (an agent took it, or the caller waits in the queue for one) and a call whose
 * session ended it with a reason (the carrier reports the rest, e.g. a transfer to a number going
 * on) are not the sweep's. Rows are taken FOR UPDATE SKIP LOCKED and the UPDATE keeps only those
 * still unfinished, so instances sweeping together end each call once; the partial index
 * `calls_unfinished_ai_idx` holds just the candidates.
 */
export async function claimUnheldCalls(db: Db, options: SweepOptions = {}): Promise<FinishedCall[]> {
  const grace = options.grace ?? UNFINISHED_CALL_GRACE;
  const now = options.now === undefined ? sql`now()` : sql`${options.now.toISOString()}::timestamptz`;
  const seenBy = sql`${now} - make_interval(secs => ${grace.inProgressSeconds})`;
  const ringingSince = sql`${now} - make_interval(secs => ${grace.ringingSeconds})`;
  const finished: FinishedCall[] = [];
  for (;;) {
    const batch = await queryRows<{ id: string; account_id: string; status: 'completed' | 'failed'; duration_seconds: number; end_reason: string }>(db, sql`
      with unheld as (
        select c.id from calls c
        where c.ai_agent_id is not null and c.status in ('ringing', 'in-progress')
          and c.agent_user_id is null and c.end_reason is null
          and (
            (c.status = 'in-progress' and c.started_at < ${seenBy} and coalesce(c.session_seen_at, c.started_at) < ${seenBy})
            or (c.status = 'ringing' and c.started_at < ${ringingSince})
          )
          and not exists (select 1 from queue_entries q where q.call_sid = c.call_sid)
        order by c.started_at
        limit ${SWEEP_BATCH}
        for update of c skip locked
      )
      update calls c set
        status = case when c.status = 'in-progress' then 'completed'::call_status else 'failed'::call_status end,
        duration_seconds = case when c.status = 'in-progress'
          then greatest(0, round(extract(epoch from greatest(
            (select max(m.at) from conversation_messages m join conversations v on v.id = m.conversation_id where v.call_id = c.id),
            c.session_seen_at,
            c.started_at
          ) - c.started_at)))::int
          else 0 end,
        end_reason = case when c.status = 'in-progress' then ${CALL_END_REASONS.serverRestarted} else ${CALL_END_REASONS.neverConnected} end
      from unheld
      where c.id = unheld.id and c.status in ('ringing', 'in-progress')
      returning c.id, c.account_id, c.status::text as status, c.duration_seconds, c.end_reason`);
    finished.push(...batch.map((row) => ({
      id: row.id, accountId: row.account_id, status: row.status, durationSeconds: Number(row.duration_seconds), endReason: row.end_reason,
    })));
    if (batch.length < SWEEP_BATCH) return finished;
  }
}

/**
 * Finishes the AI calls no live session holds (`claimUnheldCalls`), then what their end sets off:
 * a completed call gets its summary (the wrap-up job, which also sends `call.completed`), a
 * call that never connected sends `call.failed`, a campaign moves its lead on, and the call logs and live call screens hear of it.
 */
export async function finishUnheldCalls(app: FastifyInstance, options: SweepOptions = {}): Promise<FinishedCall[]> {
  const finished = await claimUnheldCalls(app.db, options);
  const ctx = app.telephony.context;
  for (const call of finished) {
    try {
      if (call.status === 'completed') {
        // The summary is written onto the call's conversation: a call whose session never opened has none yet.
        await app.db.insert(conversations).values({ callId: call.id }).onConflictDoNothing();
        await app.jobs.send(callWrapUpJob, { callId: call.id, transferred: false, onlyIfMissing: true });
      } else {
        // Nobody knows what the carrier made of it: it simply never connected.
        await raiseCallFailed(app.db, ctx.events, call.id, 'failed');
      }
      await ctx.aiCallEnded?.({ id: call.id, status: call.status });
      ctx.callLogs.changed(call.accountId);
      await app.realtime.broadcast(call.accountId, { type: 'LIVE_CALL_ENDED', callId: call.id });
    } catch (err) {
      app.log.error({ err, callId: call.id }, 'unfinished call ended, but what follows its end failed');
    }
  }
  if (finished.length > 0) app.log.warn({ calls: finished.map(({ id, endReason }) => ({ id, endReason })) }, 'AI calls no session held were ended');
  return finished;
}
