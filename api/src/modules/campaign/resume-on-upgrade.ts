import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PLAN_IDS, planIncludes } from 'shared-contracts';
import { accounts, aiAgents } from '../../db/schema';
import { wakeCampaign } from './campaign-dial-job';
import { campaignChanged } from './campaign-events';

const DIALING_PLANS = PLAN_IDS.filter((id) => planIncludes(id, 'bulkOutboundCall'));

/**
 * Campaigns the plan paused start again once their account is on a plan with bulk outbound
 * calls. Run after every applied plan change (checkout, subscription events) and on start, so a
 * change applied while no instance could wake the dialer is picked up; a campaign the owner
 * paused stays paused.
 */
export async function resumeCampaignsAllowedByPlan(app: FastifyInstance): Promise<string[]> {
  const resumed = await app.db.update(aiAgents).set({ campaignActive: true, campaignPausedReason: null, updatedAt: new Date() })
    .where(and(
      eq(aiAgents.campaignPausedReason, 'plan'),
      inArray(aiAgents.accountId, app.db.select({ id: accounts.id }).from(accounts).where(inArray(accounts.plan, DIALING_PLANS))),
      sql`${aiAgents.handleCallType} <> 'inbound'`,
    ))
    .returning({ id: aiAgents.id });
  for (const agent of resumed) {
    await wakeCampaign(app, agent.id);
    await campaignChanged(app, agent.id);
  }
  return resumed.map((agent) => agent.id);
}
