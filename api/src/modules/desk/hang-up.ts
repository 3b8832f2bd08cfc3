import { sql } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { calls } from '../../db/schema';
import { implement } from '../../http/implement';
import { agentIsOnCall, notTheirCall } from './agent-call';

/**
 * The agent's softphone says it is hanging up, just before it does: on Twilio, the end of the
 * agent's leg then means the agent hung up, not that their browser went (`dialEnded`).
 */
export const hangUpCall = implement(contract.desk.hangUpCall, async ({ user, body, db }) => {
  const [marked] = await db.update(calls).set({ agentHungUpAt: sql`now()` })
    .where(agentIsOnCall(body.callSid, user.id))
    .returning({ id: calls.id });
  if (!marked) throw await notTheirCall(db, body.callSid);
  return { message: 'Hanging up' };
});
