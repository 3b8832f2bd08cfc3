import { eq } from 'drizzle-orm';
import {
  CAMPAIGN_NEEDS_NUMBER_TEXT, CAMPAIGN_NEEDS_OUTBOUND_TEXT, PHONE_NUMBER_TAKEN_TEXT, contract,
} from 'shared-contracts';
import { aiAgents } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { requireFeature } from '../entitlements';
import { isAccountsNumber } from '../telephony';
import { wakeCampaign } from './campaign-dial-job';
import { campaignChanged } from './campaign-events';

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
    await requireFeature(db, user.accountId, 'bulkOutboundCall');
    if (agent.handleCallType === 'inbound') throw badRequest(CAMPAIGN_NEEDS_OUTBOUND_TEXT);
    if (agent.phoneNumber === null) throw badRequest(CAMPAIGN_NEEDS_NUMBER_TEXT);
    // Older data may give one number to two accounts: only the account it rings calls out from it.
    if (!(await isAccountsNumber(db, user.accountId, agent.phoneNumber))) throw new ApiError(409, 'Conflict', PHONE_NUMBER_TAKEN_TEXT);
  }
  // Either way the owner has decided: a pause the plan caused is no longer pending.
  const [row] = await db.update(aiAgents).set({ campaignActive: body.status, campaignPausedReason: null, updatedAt: new Date() })
    .where(eq(aiAgents.id, body.agentId)).returning({ agentId: aiAgents.id, campaignActive: aiAgents.campaignActive });
  if (!row) throw notFound();
  if (row.campaignActive) await wakeCampaign(app, row.agentId);
  await campaignChanged(app, row.agentId);
  return row;
});
