import { and, eq, isNotNull, or } from 'drizzle-orm';
import { aiAgents, campaignLeads } from '../../db/schema';
import { servicePlugin } from '../../plugins/service-plugin';
import { wakeCampaign } from './campaign-dial-job';
import { resumeCampaignsAllowedByPlan } from './resume-on-upgrade';

/**
 * On start, every running campaign with leads left gets a look queued. A look already waiting
 * makes this a no-op; it brings back a campaign whose looks ran out of retries while the
 * database was unreachable, so a campaign that is on never stays silent.
 */
export const resumeCampaignsPlugin = servicePlugin('resume-campaigns', async (app) => {
  app.addHook('onReady', async () => {
    await resumeCampaignsAllowedByPlan(app);
    const running = await app.db.selectDistinct({ id: campaignLeads.aiAgentId }).from(campaignLeads)
      .innerJoin(aiAgents, eq(aiAgents.id, campaignLeads.aiAgentId))
      .where(and(eq(aiAgents.campaignActive, true), or(isNotNull(campaignLeads.nextAttemptAt), eq(campaignLeads.state, 'calling'))));
    for (const agent of running) await wakeCampaign(app, agent.id);
  });
});
