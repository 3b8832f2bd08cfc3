import { inArray, sql } from 'drizzle-orm';
import type { CampaignProgress } from 'shared-contracts';
import type { Db } from '../../db/client';
import { campaignLeads } from '../../db/schema';

export const NO_PROGRESS: CampaignProgress = { total: 0, called: 0, answered: 0, remaining: 0 };

const counted = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Each agent's campaign progress: leads called at least once, answered, and still to call (or on a call). */
export async function campaignProgress(db: Db, agentIds: readonly string[]): Promise<Map<string, CampaignProgress>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db.select({
    agentId: campaignLeads.aiAgentId,
    total: sql<number>`count(*)`.mapWith(Number),
    called: counted(sql`${campaignLeads.attempts} > 0`),
    answered: counted(sql`${campaignLeads.state} = 'answered'`),
    remaining: counted(sql`${campaignLeads.nextAttemptAt} is not null or ${campaignLeads.state} = 'calling'`),
  }).from(campaignLeads).where(inArray(campaignLeads.aiAgentId, [...agentIds])).groupBy(campaignLeads.aiAgentId);
  return new Map(rows.map(({ agentId, ...progress }) => [agentId, progress]));
}

export async function progressOf(db: Db, agentId: string): Promise<CampaignProgress> {
  return (await campaignProgress(db, [agentId])).get(agentId) ?? NO_PROGRESS;
}
