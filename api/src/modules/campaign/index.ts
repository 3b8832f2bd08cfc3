import { addCampaignLeads } from './add-leads';
import { getCampaignLeads } from './get-campaign-leads';
import { removeCampaignLead } from './remove-lead';
import { toggleCampaign } from './toggle-campaign';
import { uploadCampaignLeads } from './upload-leads';

export { campaignDialJob } from './campaign-dial-job';
export { resumeCampaignsPlugin } from './resume-campaigns';
export { resumeCampaignsAllowedByPlan } from './resume-on-upgrade';
export const campaignEndpoints = [toggleCampaign, getCampaignLeads, addCampaignLeads, uploadCampaignLeads, removeCampaignLead];
export { campaignProgress, NO_PROGRESS } from './campaign-progress';
export { foldCampaignCall } from './call-outcome';
