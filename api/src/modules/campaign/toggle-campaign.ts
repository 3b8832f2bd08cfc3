import { eq } from 'drizzle-orm';
import {
  CAMPAIGN_NEEDS_NUMBER_TEXT, CAMPAIGN_NEEDS_OUTBOUND_TEXT, CAMPAIGN_NEEDS_PLAN_TEXT, PHONE_NUMBER_TAKEN_TEXT, contract, planById,
} from 'shared-contracts';
import { accounts, aiAgents } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { isAccountsNumber } from '../telephony/number-claims';
import { wakeCampaign } from './campaign-dial-job';

/**
 * Turning a campaign on starts its dialing at once; turning it off stops it: the dialer reads the
 * flag under its claim and again just before each call, so no lead is claimed after this answers
 * (a call being placed at that moment goes out, and calls under way finish their conversation).
 */
export const toggleCampaign = implement(contract.campaign.toggleCampaign, async ({ body, user, db, app }) => {
  const [agent] = await db.select({ handleCallType: aiAgents.handleCallType, phoneNumber: aiAgents.phoneNumber }).from(aiAgents).where(eq(aiAgents.id, body.agentId));
  if (!agent) throw notFound();
  // Pausing is always allowed; starting needs an outbound agent with a number, on a plan that dials in bulk.
  if (body.status) {
    const [account] = await db.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, user.accountId));
    if (!planById(account!.plan)?.planFeature.bulkOutboundCall) throw badRequest(CAMPAIGN_NEEDS_PLAN_TEXT);
    if (agent.handleCallType === 'inbound') throw badRequest(CAMPAIGN_NEEDS_OUTBOUND_TEXT);
    if (agent.phoneNumber === null) throw badRequest(CAMPAIGN_NEEDS_NUMBER_TEXT);
    // Older data may give one number to two accounts: only the account it rings calls out from it.
    if (!(await isAccountsNumber(db, user.accountId, agent.phoneNumber))) throw new ApiError(409, 'Conflict', PHONE_NUMBER_TAKEN_TEXT);
  }
  const [row] = await db.update(aiAgents).set({ campaignActive: body.status, updatedAt: new Date() })
    .where(eq(aiAgents.id, body.agentId)).returning({ agentId: aiAgents.id, campaignActive: aiAgents.campaignActive });
  if (!row) throw notFound();
  if (row.campaignActive) await wakeCampaign(app, row.agentId);
  return row;
});
