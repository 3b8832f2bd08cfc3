import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { aiAgents } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { aiCallAccepted, aiCallFailed, aiCallPlaced } from '../telephony/ai-calls';

export const NO_AGENT_NUMBER_TEXT = 'Give this agent a phone number before placing a test call';
export const SAME_NUMBER_TEXT = 'Call a number other than the agent\'s own';
export const TEST_CALL_FAILED_TEXT = 'The test call could not be placed; try again later';

/**
 * The AI agent calls the number from its own number. The call is logged first (so it shows in
 * the call logs whatever happens next), then handed to the telephony provider.
 */
export const makeTestCall = implement(contract.call.makeTestCall, async ({ body, user, db, app, request }) => {
  const [agent] = await db.select({ id: aiAgents.id, phoneNumber: aiAgents.phoneNumber }).from(aiAgents).where(eq(aiAgents.id, body.agentId));
  if (!agent) throw notFound();
  if (agent.phoneNumber === null) throw badRequest(NO_AGENT_NUMBER_TEXT);
  if (agent.phoneNumber === body.phoneNumber) throw badRequest(SAME_NUMBER_TEXT);
  const callId = await aiCallPlaced(db, { accountId: user.accountId, aiAgentId: agent.id, from: agent.phoneNumber, to: body.phoneNumber });
  try {
    const result = await app.telephony.provider.placeCall({ from: agent.phoneNumber, to: body.phoneNumber, callId });
    await aiCallAccepted(db, callId, result);
    return { callSid: result.sid, status: result.status };
  } catch (error) {
    request.log.warn({ err: error }, 'test call refused by the telephony provider');
    await aiCallFailed(db, callId);
    throw new ApiError(502, 'InternalError', TEST_CALL_FAILED_TEXT);
  }
});
