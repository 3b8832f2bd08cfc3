import { and, eq, isNull, sql } from 'drizzle-orm';
import { CALL_TRANSFER_TEXT, contract } from 'shared-contracts';
import { calls } from '../../db/schema';
import { ApiError, badRequest, conflict } from '../../http/api-error';
import { implement } from '../../http/implement';
import { releaseAgent, saveStatus } from '../realtime';
import { availableAgents, consultEnded, dialerPolicy, personCallLegs, supervisionEnded, tellConsult } from '../telephony';
import { agentIsOnCall, notTheirCall } from './agent-call';

/**
 * Warm transfer, first step: the caller is put on hold and an available colleague is rung into the
 * call; the agent talks to them first. The colleague is busy meanwhile (offered nothing else).
 * When the network refuses, the call, the hold and the colleague are as they were.
 */
export const consultColleague = implement(contract.desk.consultColleague, async ({ user, body, db, app }) => {
  const [call] = await db.select().from(calls).where(agentIsOnCall(body.callSid, user.id));
  if (!call) throw await notTheirCall(db, body.callSid);
  if (body.agentId === user.id) throw badRequest(CALL_TRANSFER_TEXT.notYourself);
  if (call.direction !== 'inbound' && call.aiAgentId === null) throw conflict(CALL_TRANSFER_TEXT.notACaller);
  if (call.consultAgentUserId !== null) throw conflict(CALL_TRANSFER_TEXT.consultBusy);
  const colleague = (await availableAgents(db, user.accountId)).find((line) => line.userId === body.agentId);
  if (!colleague || user.agentNumber === null) throw conflict(CALL_TRANSFER_TEXT.notAvailable);

  const heldSince = call.heldSince ?? new Date();
  const [marked] = await db.update(calls).set({ consultAgentUserId: colleague.userId, consultLegSid: null, consultAnsweredAt: null, heldSince })
    .where(and(eq(calls.id, call.id), isNull(calls.consultAgentUserId))).returning();
  if (!marked) throw conflict(CALL_TRANSFER_TEXT.consultBusy);
  const reserved = await saveStatus(db, colleague.userId, 'busy');
  await app.realtime.broadcast(user.accountId, { type: 'STATUS_UPDATED', ...reserved });
  const telephony = app.telephony;
  try {
    if (call.heldSince === null) await telephony.provider.holdCall(personCallLegs(call), true);
    const { legSid } = await telephony.provider.consultColleague(personCallLegs(marked), colleague, user.agentNumber, await dialerPolicy(db, user.accountId));
    if (legSid !== null) {
      await db.update(calls).set({ consultLegSid: sql`coalesce(${calls.consultLegSid}, ${legSid})` }).where(eq(calls.id, call.id));
    }
  } catch (err) {
    app.log.warn({ err, callId: call.id }, 'the phone network refused a warm transfer');
    await db.update(calls).set({ consultAgentUserId: null, consultLegSid: null, consultAnsweredAt: null, heldSince: call.heldSince }).where(eq(calls.id, call.id));
    const freed = await releaseAgent(db, colleague.userId, 'available');
    if (freed !== null) await app.realtime.broadcast(user.accountId, { type: 'STATUS_UPDATED', ...freed });
    throw new ApiError(502, 'InternalError', CALL_TRANSFER_TEXT.failed);
  }
  if (call.heldSince === null) {
    await app.realtime.broadcast(user.accountId, { type: 'CALL_HOLD_CHANGED', callSid: body.callSid, agentId: user.id, heldSince: heldSince.toISOString() });
  }
  await tellConsult(telephony.context, marked, 'ringing');
  return { message: CALL_TRANSFER_TEXT.talkFirst };
});

/** Warm transfer, last step: the colleague the agent talked to keeps the caller, off hold; the agent is free. */
export const completeTransfer = implement(contract.desk.completeTransfer, async ({ user, body, db, app }) => {
  const [call] = await db.select().from(calls).where(agentIsOnCall(body.callSid, user.id));
  if (!call) throw await notTheirCall(db, body.callSid);
  if (call.consultAgentUserId === null) throw conflict(CALL_TRANSFER_TEXT.noConsult);
  if (call.consultAnsweredAt === null) throw conflict(CALL_TRANSFER_TEXT.notAnswered);
  try {
    await app.telephony.provider.completeTransfer(personCallLegs(call));
  } catch (err) {
    app.log.warn({ err, callId: call.id }, 'the phone network refused to complete a warm transfer');
    throw new ApiError(502, 'InternalError', CALL_TRANSFER_TEXT.failed);
  }
  const colleagueId = call.consultAgentUserId;
  // A supervision lasts while the person it began with is on the call.
  if (call.supervisorUserId !== null) {
    if (call.supervisorLegSid !== null) await app.telephony.provider.endSupervision(personCallLegs(call)).catch((err: unknown) => app.log.warn({ err, callId: call.id }, 'a supervisor\'s leg did not end'));
    await supervisionEnded(app.telephony.context, { callSid: body.callSid });
  }
  await db.update(calls).set({
    agentUserId: colleagueId, heldSince: null, consultAgentUserId: null, consultLegSid: null, consultAnsweredAt: null,
    // On an inbound call the person's leg is the dialled one: it is the colleague's now.
    ...(call.direction === 'inbound' && call.consultLegSid !== null ? { dialledLegSid: call.consultLegSid } : {}),
  }).where(eq(calls.id, call.id));
  app.callLogsCache.changed(user.accountId);
  const freed = await releaseAgent(db, user.id, 'available');
  if (freed !== null) await app.realtime.broadcast(user.accountId, { type: 'STATUS_UPDATED', ...freed });
  await tellConsult(app.telephony.context, call, 'ended');
  await app.realtime.broadcast(user.accountId, { type: 'CALL_HOLD_CHANGED', callSid: body.callSid, agentId: colleagueId, heldSince: null });
  return { message: CALL_TRANSFER_TEXT.complete };
});

/** Warm transfer, called off: the colleague leaves (or stops ringing); the caller stays on hold with the agent. */
export const cancelConsult = implement(contract.desk.cancelConsult, async ({ user, body, db, app }) => {
  const [call] = await db.select().from(calls).where(agentIsOnCall(body.callSid, user.id));
  if (!call) throw await notTheirCall(db, body.callSid);
  if (call.consultAgentUserId === null) throw conflict(CALL_TRANSFER_TEXT.noConsult);
  try {
    await app.telephony.provider.endConsult(personCallLegs(call), call.consultAnsweredAt !== null);
  } catch (err) {
    app.log.warn({ err, callId: call.id }, 'the phone network refused to end a warm transfer\'s leg');
    throw new ApiError(502, 'InternalError', CALL_TRANSFER_TEXT.failed);
  }
  await consultEnded(app.telephony.context, { callSid: body.callSid });
  return { message: CALL_TRANSFER_TEXT.cancel };
});
