import { asc, count, eq, max } from 'drizzle-orm';
import { contract, type AgentsOverview } from 'shared-contracts';
import { aiAgents, calls } from '../../db/schema';
import { implement } from '../../http/implement';
import { teamOf } from './team';
import { toAiAgentSummary } from './ai-agent-summary';

export const getAgentsOverview = implement(contract.agent.getAgentsOverview, async ({ params, db }) => {
  const [agentRows, humanAgents] = await Promise.all([
    db.select({ agent: aiAgents, callCount: count(calls.id), lastCallAt: max(calls.startedAt) })
      .from(aiAgents)
      .leftJoin(calls, eq(calls.aiAgentId, aiAgents.id))
      .where(eq(aiAgents.accountId, params.accountId))
      .groupBy(aiAgents.id)
      .orderBy(asc(aiAgents.createdAt), asc(aiAgents.id)),
    teamOf(db, params.accountId),
  ]);

  const overview: AgentsOverview = {
    totalAgents: agentRows.length,
    activeCampaigns: agentRows.filter(({ agent }) => agent.campaignActive).length,
    agents: agentRows.map(({ agent, callCount, lastCallAt }) => ({
      ...toAiAgentSummary(agent),
      callCount,
      lastCallAt: lastCallAt ? new Date(lastCallAt).toISOString() : null,
    })),
    humanAgents,
  };
  return overview;
});
