import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { CALL_SUPERVISION_TEXT, contract, superviseAddress, WRAP_UP_TEXT } from 'shared-contracts';
import type { Db } from '../../db/client';
import { calls } from '../../db/schema';
import { ApiError, conflict } from '../../http/api-error';
import { implement } from '../../http/implement';
import { ENDED_CALL_STATUSES, personCallLegs, supervisionEnded, SUPERVISOR_JOIN_SECONDS, tellSupervision } from '../telephony';

/** A claim whose phone never joined, older than the time it has to: another supervisor may take the call. */
const lapsedClaim = sql`(${calls.supervisorLegSid} is null and ${calls.supervisedSince} < now() - make_interval(secs => ${SUPERVISOR_JOIN_SECONDS}))`;

/** Why the USER may not supervise the call: it ended, no person is on it, or another supervisor is. */
async function whyNot(db: Db, callSid: string): Promise<ApiError> {
  const [call] = await db.select({ status: calls.status, agentUserId: calls.agentUserId }).from(calls).where(eq(calls.callSid, callSid));
  if (!call || ENDED_CALL_STATUSES.includes(call.status)) return conflict(WRAP_UP_TEXT.callEnded);
  if (call.status !== 'in-progress' || call.agentUserId === null) return conflict(CALL_SUPERVISION_TEXT.noPerson);
  return conflict(CALL_SUPERVISION_TEXT.taken);
}

/**
 * The USER claims the call to supervise it in `mode`, or changes the mode of a call they
 * supervise. The claim is one conditional update, so of two supervisors at once one gets it and
 * the other a 409. Their browser phone then joins by calling `connectTo`; once it has, a new mode
 * is asked of the network first and stored only when it took.
 */
export const superviseCall = implement(contract.desk.superviseCall, async ({ user, body, db, app }) => {
  const [before] = await db.select().from(calls).where(eq(calls.callSid, body.callSid));
  if (!before) throw await whyNot(db, body.callSid);
  const mine = before.supervisorUserId === user.id;
  if (mine && before.supervisorLegSid !== null && before.superviseMode !== body.mode) {
    try {
      await app.telephony.provider.superviseMode(personCallLegs(before), body.mode);
    } catch (err) {
      app.log.warn({ err, callId: before.id }, 'the phone network refused to change how a supervisor is on a call');
      throw new ApiError(502, 'InternalError', CALL_SUPERVISION_TEXT.failed);
    }
  }
  const [claimed] = await db.update(calls).set({
    supervisorUserId: user.id,
    superviseMode: body.mode,
    // A joined supervisor keeps their time; a new claim (or one not joined yet) starts its own.
    supervisedSince: sql`case when ${calls.supervisorUserId} = ${user.id} and ${calls.supervisorLegSid} is not null then ${calls.supervisedSince} else now() end`,
  }).where(and(
    eq(calls.id, before.id), eq(calls.status, 'in-progress'), isNotNull(calls.agentUserId),
    or(isNull(calls.supervisorUserId), eq(calls.supervisorUserId, user.id), lapsedClaim),
  )).returning();
  if (!claimed) throw await whyNot(db, body.callSid);
  if (!mine || before.superviseMode !== body.mode) await tellSupervision(app.telephony.context, claimed);
  return { callSid: body.callSid, mode: body.mode, connectTo: superviseAddress(body.callSid), joined: claimed.supervisorLegSid !== null };
});

/** The USER leaves a call they supervise; the agent and the caller go on as they were. */
export const stopSupervising = implement(contract.desk.stopSupervising, async ({ user, body, db, app }) => {
  const [call] = await db.select().from(calls).where(and(eq(calls.callSid, body.callSid), eq(calls.supervisorUserId, user.id)));
  if (!call) throw conflict(CALL_SUPERVISION_TEXT.notSupervising);
  if (call.supervisorLegSid !== null) {
    try {
      await app.telephony.provider.endSupervision(personCallLegs(call));
    } catch (err) {
      app.log.warn({ err, callId: call.id }, 'the phone network refused to end a supervisor\'s leg');
      throw new ApiError(502, 'InternalError', CALL_SUPERVISION_TEXT.failed);
    }
  }
  await supervisionEnded(app.telephony.context, { callSid: body.callSid });
  return { message: CALL_SUPERVISION_TEXT.left };
});
