import { and, eq, sql } from 'drizzle-orm';
import { contract, WRAP_UP_TEXT } from 'shared-contracts';
import { calls } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { implement } from '../../http/implement';

/**
 * The agent's softphone says it is hanging up, just before it does: on Twilio, the end of the
 * agent's leg then means the agent hung up, not that their browser went (`dialEnded`).
 */
export const hangUpCall = implement(contract.desk.hangUpCall, async ({ user, body, db }) => {
  const [marked] = await db.update(calls).set({ agentHungUpAt: sql`now()` })
    .where(and(eq(calls.callSid, body.callSid), eq(calls.agentUserId, user.id), eq(calls.status, 'in-progress')))
    .returning({ id: calls.id });
  if (!marked) {
    const [call] = await db.select({ agentUserId: calls.agentUserId, status: calls.status }).from(calls).where(eq(calls.callSid, body.callSid));
    throw new ApiError(409, 'Conflict', call?.status === 'in-progress' ? WRAP_UP_TEXT.notYourCall : WRAP_UP_TEXT.callEnded);
  }
  return { message: 'Hanging up' };
});
