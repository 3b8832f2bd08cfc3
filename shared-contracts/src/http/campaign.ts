import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Id, requestObject } from '../schemas/common';

export const ToggleCampaignBody = requestObject({
  agentId: v.pipe(v.string('Choose an agent'), v.uuid('Choose an agent')),
  /** true starts the agent's outbound campaign, false pauses it. */
  status: v.boolean('Status must be true (active) or false (paused)'),
});

export const campaignContract = {
  toggleCampaign: endpoint({
    method: 'POST', path: 'campaign/toggle-campaign', summary: 'Start or pause an AI agent\'s outbound campaign (needs a plan with bulk outbound calls)',
    body: ToggleCampaignBody,
    response: v.object({ agentId: Id, campaignActive: v.boolean() }),
    roles: ['USER'], tenant: [{ in: 'body', key: 'agentId', owns: 'aiAgent' }],
  }),
} as const;
