import { and, eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { campaignLeads } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { progressOf } from './campaign-progress';
import { campaignChanged } from './campaign-events';

/**
 * Takes a lead out of a campaign: it is claimed no more. A call already placed to it goes on to
 * its end; its outcome then finds no campaign row and changes nothing.
 */
export const removeCampaignLead = implement(contract.campaign.removeCampaignLead, async ({ params, db, app }) => {
  const removed = await db.delete(campaignLeads)
    .where(and(eq(campaignLeads.aiAgentId, params.agentId), eq(campaignLeads.leadId, params.leadId)))
    .returning({ leadId: campaignLeads.leadId });
  if (removed.length === 0) throw notFound();
  await campaignChanged(app, params.agentId);
  return progressOf(db, params.agentId);
});
