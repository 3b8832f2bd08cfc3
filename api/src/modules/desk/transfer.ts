import { eq } from 'drizzle-orm';
import { CALL_TRANSFER_TEXT, contract } from 'shared-contracts';
import { calls, users } from '../../db/schema';
import { ApiError, badRequest } from '../../http/api-error';
import { implement } from '../../http/implement';
import { fullName } from '../users';
import { availableAgents, callAnswered, callReturnedToQueue, dialerPolicy, personCallLegs } from '../telephony';
import { agentIsOnCall, notTheirCall } from './agent-call';

/**
 * The agent hands their caller to an available colleague. The caller waits in the queue, as one
 * whose agent's browser went, and the colleague alone is rung; unanswered, everyone available is.
 * The agent is free at once: the colleague who takes the call wraps it up. When the network
 * refuses, the call is the agent's again as it was.
 */
export const transferCall = implement(contract.desk.transferCall, async ({ user, body, db, app }) => {
  const [call] = await db.select().from(calls).where(agentIsOnCall(body.callSid, user.id));
  if (!call) throw await notTheirCall(db, body.callSid);
  if (body.agentId === user.id) throw badRequest(CALL_TRANSFER_TEXT.notYourself);
  if (call.direction !== 'inbound' && call.aiAgentId === null) throw new ApiError(409, 'Conflict', CALL_TRANSFER_TEXT.notACaller);
  const colleague = (await availableAgents(db, user.accountId)).find((line) => line.userId === body.agentId);
  if (!colleague) throw new ApiError(409, 'Conflict', CALL_TRANSFER_TEXT.notAvailable);

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
