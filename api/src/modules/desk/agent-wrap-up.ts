import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { contract, Id, WRAP_UP_TEXT } from 'shared-contracts';
import { wrapUpOf } from '../../db/call-wrap-up';
import { calls, leads } from '../../db/schema';
import { badRequest, conflict } from '../../http/api-error';
import { implement } from '../../http/implement';
import type { JobDefinition } from '../jobs';
import { leaveWrapUp } from '../realtime';
import type { PersonCallEnd } from '../telephony';
import { accountEvents, raiseCallCompleted } from '../webhooks';
import { deskSettingOf } from './desk-setting';

const ExpiryData = v.object({ callId: Id });

/** The agent's time to wrap up a call ran out: the call is closed without a disposition and the agent is offered calls again. */
export const wrapUpExpiryJob: JobDefinition<typeof ExpiryData> = {
  name: 'agent-wrap-up-expiry',
  data: ExpiryData,
  retryLimit: 8,
  retryDelaySeconds: 5,
  expireInSeconds: 60,
  async handle(app, { callId }) {
    const [closed] = await app.db.update(calls).set({ wrappedUpAt: sql`now()` })
      .where(and(eq(calls.id, callId), isNotNull(calls.wrapUpDueAt), isNull(calls.wrappedUpAt), sql`${calls.wrapUpDueAt} <= now()`))
      .returning({ accountId: calls.accountId, agentUserId: calls.agentUserId });
    if (closed) await afterWrapUp(app, callId, closed);
  },
};

/** A person's answered call has ended: their time to wrap it up starts, and runs out by itself (`wrapUpExpiryJob`). */
export async function startWrapUp(app: FastifyInstance, call: PersonCallEnd): Promise<void> {
  const { wrapUpSeconds } = await deskSettingOf(app.db, call.accountId);
  const [pending] = await app.db.update(calls).set({ wrapUpDueAt: sql`now() + make_interval(secs => ${wrapUpSeconds})` })
    .where(and(eq(calls.id, call.id), isNull(calls.wrapUpDueAt))).returning({ id: calls.id });
  if (!pending) return;
  await app.jobs.send(wrapUpExpiryJob, { callId: call.id }, { startAfter: wrapUpSeconds, singletonKey: call.id });
}

/** What follows a finished wrap-up, however it finished: the agent is freed, the call logs hear of it, and `call.completed` goes out. */
async function afterWrapUp(app: FastifyInstance, callId: string, call: { accountId: string; agentUserId: string | null }): Promise<void> {
  app.callLogsCache.changed(call.accountId);
  if (call.agentUserId !== null) {
    const freed = await leaveWrapUp(app.db, call.agentUserId);
    if (freed !== null) await app.realtime.broadcast(call.accountId, { type: 'STATUS_UPDATED', ...freed });
  }
  await raiseCallCompleted(app.db, accountEvents(app), callId);
}

export const getPendingWrapUp = implement(contract.desk.getPendingWrapUp, async ({ user, db }) => {
  const [row] = await db.select({
    callId: calls.id, direction: calls.direction, fromNumber: calls.fromNumber, toNumber: calls.toNumber, durationSeconds: calls.durationSeconds,
    dueAt: calls.wrapUpDueAt, callerName: leads.fullName,
  }).from(calls)
    .leftJoin(leads, and(eq(leads.id, calls.leadId), eq(leads.accountId, calls.accountId)))
    .where(and(eq(calls.agentUserId, user.id), eq(calls.accountId, user.accountId), isNotNull(calls.wrapUpDueAt), isNull(calls.wrappedUpAt)))
    .orderBy(asc(calls.wrapUpDueAt)).limit(1);
  if (!row?.dueAt) return { pending: null };
  const { dispositions } = await deskSettingOf(db, user.accountId);
  return {
    pending: {
      callId: row.callId, direction: row.direction, phoneNumber: row.direction === 'inbound' ? row.fromNumber : row.toNumber,
      callerName: row.callerName, durationSeconds: row.durationSeconds, dueAt: row.dueAt.toISOString(), dispositions,
    },
  };
});

export const wrapUpCall = implement(contract.desk.wrapUpCall, async ({ user, body, db, app }) => {
  const { dispositions } = await deskSettingOf(db, user.accountId);
  const disposition = dispositions.find((item) => item.toLowerCase() === body.disposition.toLowerCase());
  if (disposition === undefined) throw badRequest(WRAP_UP_TEXT.dispositionUnknown, [`disposition: ${WRAP_UP_TEXT.dispositionUnknown}`]);
  const [done] = await db.update(calls)
    .set({ wrappedUpAt: sql`now()`, disposition, dispositionNotes: body.notes === '' ? null : body.notes })
    .where(and(eq(calls.id, body.callId), eq(calls.agentUserId, user.id), isNotNull(calls.wrapUpDueAt), isNull(calls.wrappedUpAt)))
    .returning({ accountId: calls.accountId, wrappedUpAt: calls.wrappedUpAt, disposition: calls.disposition, dispositionNotes: calls.dispositionNotes });
  if (!done) {
    const [call] = await db.select({ agentUserId: calls.agentUserId, wrappedUpAt: calls.wrappedUpAt, disposition: calls.disposition })
      .from(calls).where(eq(calls.id, body.callId));
    if (call?.agentUserId !== user.id || call.wrappedUpAt === null) throw conflict(WRAP_UP_TEXT.notPending);
    throw conflict(call.disposition === null ? WRAP_UP_TEXT.timeRanOut : WRAP_UP_TEXT.alreadyDone);
  }
  await afterWrapUp(app, body.callId, { accountId: done.accountId, agentUserId: user.id });
  return { callId: body.callId, wrapUp: wrapUpOf(done)! };
});
