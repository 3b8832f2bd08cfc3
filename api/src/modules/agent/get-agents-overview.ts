import { and, asc, count, eq, max } from 'drizzle-orm';
import { contract, type AgentsOverview } from 'shared-contracts';
import { agentStatuses, aiAgents, calls, users } from '../../db/schema';
import { implement } from '../../http/implement';
import { fullName } from '../users';
import { toAiAgentSummary } from './ai-agent-summary';

export const getAgentsOverview = implement(contract.agent.getAgentsOverview, async ({ params, db }) => {
  const [agentRows, humanRows] = await Promise.all([
    db.select({ agent: aiAgents, callCount: count(calls.id), lastCallAt: max(calls.startedAt) })
      .from(aiAgents)
      .leftJoin(calls, eq(calls.aiAgentId, aiAgents.id))
      .where(eq(aiAgents.accountId, params.accountId))
      .groupBy(aiAgents.id)
      .orderBy(asc(aiAgents.createdAt), asc(aiAgents.id)),
    db.select({ user: users, status: agentStatuses.status, busyFrom: agentStatuses.busyFrom, awayReason: agentStatuses.awayReason, since: agentStatuses.statusSince })
      .from(users)
      .leftJoin(agentStatuses, eq(agentStatuses.agentId, users.id))
      .where(and(eq(users.accountId, params.accountId), eq(users.role, 'AGENT')))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
  ]);

  const overview: AgentsOverview = {
    totalAgents: agentRows.length,
    activeCampaigns: agentRows.filter(({ agent }) => agent.campaignActive).length,
    agents: agentRows.map(({ agent, callCount, lastCallAt }) => ({
      ...toAiAgentSummary(agent),
      callCount,
      lastCallAt: lastCallAt ? new Date(lastCallAt).toISOString() : null,
    })),
    // No status row yet means the agent has never come online.
    humanAgents: humanRows.map(({ user, status, busyFrom, awayReason, since }) => ({
      agentId: user.id,
      status: status ?? 'offline',
      busyFrom: busyFrom ? busyFrom.toISOString() : null,
      awayReason: status === 'away' ? awayReason : null,
      since: since ? since.toISOString() : null,
      fullName: fullName(user),
      agentNumber: user.agentNumber,
    })),
  };
  return overview;
});
