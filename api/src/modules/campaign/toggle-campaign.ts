import { eq } from 'drizzle-orm';
import { contract, planById } from 'shared-contracts';
import { accounts, aiAgents } from '../../db/schema';
import { badRequest, notFound } from '../../http/api-error';
import { implement } from '../../http/implement';

export const CAMPAIGN_NEEDS_PLAN_TEXT = 'Outbound campaigns need a plan with bulk outbound calls';
export const CAMPAIGN_NEEDS_OUTBOUND_TEXT = 'This agent takes only inbound calls; let it make outbound calls first';

export const toggleCampaign = implement(contract.campaign.toggleCampaign, async ({ body, user, db }) => {
  const [agent] = await db.select({ handleCallType: aiAgents.handleCallType }).from(aiAgents).where(eq(aiAgents.id, body.agentId));
  if (!agent) throw notFound();
  // Pausing is always allowed; starting needs an outbound agent on a plan that dials in bulk.
  if (body.status) {
    const [account] = await db.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, user.accountId));
    if (!planById(account!.plan)?.planFeature.bulkOutboundCall) throw badRequest(CAMPAIGN_NEEDS_PLAN_TEXT);
    if (agent.handleCallType === 'inbound') throw badRequest(CAMPAIGN_NEEDS_OUTBOUND_TEXT);
  }
  const [row] = await db.update(aiAgents).set({ campaignActive: body.status, updatedAt: new Date() })
    .where(eq(aiAgents.id, body.agentId)).returning({ agentId: aiAgents.id, campaignActive: aiAgents.campaignActive });
  if (!row) throw notFound();
  return row;
});
