import { toggleCampaign } from './toggle-campaign';

export const campaignEndpoints = [toggleCampaign];
