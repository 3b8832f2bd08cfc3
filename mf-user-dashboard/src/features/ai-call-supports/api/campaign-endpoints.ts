import { contract } from 'shared-contracts';
import { AGENT_READS } from './agent-endpoints';

/** Reads that show a campaign's leads or progress; adding leads refreshes them. */
export const CAMPAIGN_READS = [...AGENT_READS, contract.campaign.getCampaignLeads, contract.lead.getLeads] as const;
