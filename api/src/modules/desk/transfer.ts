import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CALL_TRANSFER_TEXT, contract } from 'shared-contracts';
import { calls, users, type CallRow } from '../../db/schema';
import { ApiError, badRequest, conflict } from '../../http/api-error';
import { implement } from '../../http/implement';
import { fullName } from '../users';
import { availableAgents, callAnswered, callLeftForNumber, callReturnedToQueue, dialerPolicy, personCallLegs } from '../telephony';
import { agentIsOnCall, notTheirCall } from './agent-call';

/**
 * The agent hands their caller to an available colleague, or to an outside number (below). For a
 * colleague the caller waits in the queue, as one whose agent's browser went, and the colleague
 * alone is rung; unanswered, everyone available is. The agent is free at once: the colleague who
 * takes the call wraps it up. When the network refuses, the call is the agent's again as it was.
 */
export const transferCall = implement(contract.desk.transferCall, async ({ user, body, db, app }) => {
  const [call] = await db.select().from(calls).where(agentIsOnCall(body.callSid, user.id));
  if (!call) throw await notTheirCall(db, body.callSid);
  if (body.agentId === user.id) throw badRequest(CALL_TRANSFER_TEXT.notYourself);
  if (call.direction !== 'inbound' && call.aiAgentId === null) throw conflict(CALL_TRANSFER_TEXT.notACaller);
  // A colleague already on the line for a warm transfer is let go (or handed the caller) first.
  if (call.consultAgentUserId !== null) throw conflict(CALL_TRANSFER_TEXT.consultBusy);
  if (body.phoneNumber !== undefined) return toNumber(app, call, user.id, body.phoneNumber);
  const colleague = (await availableAgents(db, user.accountId)).find((line) => line.userId === body.agentId);
  if (!colleague) throw conflict(CALL_TRANSFER_TEXT.notAvailable);

  const telephony = app.telephony;
  // The agent's leg is ended by the move itself, not by their softphone: it is not told to hang up.
  const waiting = await callReturnedToQueue(telephony.context, { callSid: body.callSid, agentUserId: user.id, agentStatus: 'available', disconnectAgent: false });
  if (waiting === null) throw await notTheirCall(db, body.callSid);
  try {
    await telephony.provider.transferCall(personCallLegs(call), colleague, await dialerPolicy(db, user.accountId));
  } catch (err) {
    app.log.warn({ err, callId: call.id }, 'the phone network refused to transfer a call');
    await callAnswered(telephony.context, { callSid: body.callSid, agentUserId: user.id });
    throw new ApiError(502, 'InternalError', CALL_TRANSFER_TEXT.failed);
  }
  const [named] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, colleague.userId));
  return { message: CALL_TRANSFER_TEXT.transferredTo(named ? fullName(named) : colleague.email) };
});

/**
 * To an outside number: the caller hears that they are transferred and the number is dialled,
 * shown the number the caller rang (one of ours). The network is asked first: a refusal leaves the
 * call with the agent. Then the call leaves the desk and the agent is free.
 */
async function toNumber(app: FastifyInstance, call: CallRow, agentUserId: string, number: string) {
  const party = call.direction === 'inbound' ? call.fromNumber : call.toNumber;
  if (number === party) throw badRequest(CALL_TRANSFER_TEXT.toCallersOwn);
  const ourNumber = call.direction === 'inbound' ? call.toNumber : call.fromNumber;
  try {
    await app.telephony.provider.transferToNumber(personCallLegs(call), number, ourNumber);
  } catch (err) {
    app.log.warn({ err, callId: call.id }, 'the phone network refused to transfer a call to a number');
    throw new ApiError(502, 'InternalError', CALL_TRANSFER_TEXT.failed);
  }
  await callLeftForNumber(app.telephony.context, { callSid: call.callSid!, agentUserId, number });
  return { message: CALL_TRANSFER_TEXT.transferredTo(number) };
}
