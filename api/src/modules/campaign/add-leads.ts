import { contract } from 'shared-contracts';
import { implement } from '../../http/implement';
import { addLeadsToCampaign } from './add-to-campaign';
import { wakeCampaign } from './campaign-dial-job';
import { campaignChanged } from './campaign-events';
import { progressOf } from './campaign-progress';

export const addCampaignLeads = implement(contract.campaign.addCampaignLeads, async ({ body, user, db, app }) => {
  const result = await addLeadsToCampaign(db, body.agentId, user.accountId, body.leadIds);
  // A running campaign calls the new leads without waiting to be turned off and on.
  if (result.campaignActive && result.added > 0) await wakeCampaign(app, body.agentId);
  if (result.added > 0) await campaignChanged(app, body.agentId);
  return { added: result.added, alreadyInCampaign: result.alreadyInCampaign, created: 0, refused: [], progress: await progressOf(db, body.agentId) };
});
