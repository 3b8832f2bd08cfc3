import { and, eq, type SQL } from 'drizzle-orm';
import { WRAP_UP_TEXT } from 'shared-contracts';
import type { Db } from '../../db/client';
import { calls } from '../../db/schema';
import { conflict, type ApiError } from '../../http/api-error';

/** The call with this CallSid is the signed-in agent's, and in progress: theirs to hang up or hold. */
export const agentIsOnCall = (callSid: string, agentUserId: string): SQL =>
  and(eq(calls.callSid, callSid), eq(calls.agentUserId, agentUserId), eq(calls.status, 'in-progress'))!;

/** Why an agent may not act on the call: another agent holds it, or it is over (or unknown). A 409 either way. */
export async function notTheirCall(db: Db, callSid: string): Promise<ApiError> {
  const [call] = await db.select({ status: calls.status }).from(calls).where(eq(calls.callSid, callSid));
  return conflict(call?.status === 'in-progress' ? WRAP_UP_TEXT.notYourCall : WRAP_UP_TEXT.callEnded);
}
