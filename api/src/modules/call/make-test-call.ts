import { eq } from 'drizzle-orm';
import { AGENT_PLACES_NO_CALLS_TEXT, PHONE_NUMBER_TAKEN_TEXT, contract } from 'shared-contracts';
import { aiAgents } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { isAccountsNumber, placeAiCall } from '../telephony';

export const NO_AGENT_NUMBER_TEXT = 'Give this agent a phone number before placing a test call';
export const SAME_NUMBER_TEXT = 'Call a number other than the agent\'s own';
export const TEST_CALL_FAILED_TEXT = 'The test call could not be placed; try again later';

/**
 * The AI agent calls the number from its own number, as a campaign call would; the answer's
 * callId is what call/get-call follows. An agent set to take only inbound calls places none.
 */
export const makeTestCall = implement(contract.call.makeTestCall, async ({ body, user, db, app }) => {
  const [agent] = await db.select({ id: aiAgents.id, phoneNumber: aiAgents.phoneNumber, handleCallType: aiAgents.handleCallType }).from(aiAgents).where(eq(aiAgents.id, body.agentId));
  if (!agent) throw notFound();
  if (agent.handleCallType === 'inbound') throw badRequest(AGENT_PLACES_NO_CALLS_TEXT);
  if (agent.phoneNumber === null) throw badRequest(NO_AGENT_NUMBER_TEXT);
  if (agent.phoneNumber === body.phoneNumber) throw badRequest(SAME_NUMBER_TEXT);
  // Older data may give one number to two accounts: only the account it rings calls out from it.
  if (!(await isAccountsNumber(db, user.accountId, agent.phoneNumber))) throw new ApiError(409, 'Conflict', PHONE_NUMBER_TAKEN_TEXT);
  const call = await placeAiCall(app, { accountId: user.accountId, aiAgentId: agent.id, from: agent.phoneNumber, to: body.phoneNumber });
  if (!call.placed) throw new ApiError(502, 'InternalError', TEST_CALL_FAILED_TEXT);
  return { callId: call.callId, callSid: call.callSid, status: call.status };
});
