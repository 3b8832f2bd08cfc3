import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { aiAgents } from '../../db/schema';
import { progressOf } from './campaign-progress';

/**
 * Tells the account's open dashboards where an agent's campaign stands now (CAMPAIGN_UPDATED),
 * after anything that moves it. Never throws: the change is made, and the dialer or request that
 * made it must not fail for the news.
 */
export async function campaignChanged(app: FastifyInstance, agentId: string): Promise<void> {
  try {
    const [agent] = await app.db.select({
      accountId: aiAgents.accountId, campaignActive: aiAgents.campaignActive, campaignPausedReason: aiAgents.campaignPausedReason,
    }).from(aiAgents).where(eq(aiAgents.id, agentId));
    if (!agent) return;
    const progress = await progressOf(app.db, agentId);
    await app.realtime.broadcast(agent.accountId, {
      type: 'CAMPAIGN_UPDATED', agentId, campaignActive: agent.campaignActive, campaignPausedReason: agent.campaignPausedReason, progress,
    });
  } catch (err) {
    app.log.warn({ err, agentId }, 'campaign update not announced');
  }
}
