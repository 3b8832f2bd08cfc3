import { eq } from 'drizzle-orm';
import { CALL_HOLD_TEXT, contract } from 'shared-contracts';
import { calls } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { implement } from '../../http/implement';
import { personCallLegs } from '../telephony';
import { agentIsOnCall, notTheirCall } from './agent-call';

/**
 * The agent holds the other party of their call, or takes them off hold. The hold is stored
 * before the network is asked (on Twilio the caller is held as they join the call's conference,
 * which reads it) and put back as it was when the network refuses.
 */
export const holdCall = implement(contract.desk.holdCall, async ({ user, body, db, app }) => {
  const [call] = await db.select().from(calls).where(agentIsOnCall(body.callSid, user.id));
  if (!call) throw await notTheirCall(db, body.callSid);
  const heldSince = body.held ? (call.heldSince ?? new Date()) : null;
  if ((heldSince === null) === (call.heldSince === null)) return { callSid: body.callSid, heldSince: heldSince?.toISOString() ?? null };
  await db.update(calls).set({ heldSince }).where(eq(calls.id, call.id));
  try {
    await app.telephony.provider.holdCall(personCallLegs(call), body.held);
  } catch (err) {
    app.log.warn({ err, callId: call.id }, 'the phone network refused to hold a call');
    await db.update(calls).set({ heldSince: call.heldSince }).where(eq(calls.id, call.id));
    throw new ApiError(502, 'InternalError', CALL_HOLD_TEXT.failed);
  }
  const at = heldSince?.toISOString() ?? null;
  await app.realtime.broadcast(user.accountId, { type: 'CALL_HOLD_CHANGED', callSid: body.callSid, agentId: user.id, heldSince: at });
  return { callSid: body.callSid, heldSince: at };
});
