import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Id } from '../schemas/common';
import { AgentStatusEntry, AiAgentSummary } from '../schemas/entities';

export const AgentsOverview = v.object({
  totalAgents: v.number(),
  activeCampaigns: v.number(),
  agents: v.array(v.object({ ...AiAgentSummary.entries, callCount: v.number(), lastCallAt: v.nullable(v.string()) })),
  /** The account's human agents with their live availability. */
  humanAgents: v.array(v.object({ ...AgentStatusEntry.entries, fullName: v.string(), agentNumber: v.nullable(v.string()) })),
});
export type AgentsOverview = v.InferOutput<typeof AgentsOverview>;

export const agentContract = {
  getAgents: endpoint({
    method: 'GET', path: 'agent/get-agents/{accountId}', summary: 'The account\'s AI agents',
    params: v.object({ accountId: Id }),
    response: v.array(AiAgentSummary),
    roles: ['USER'], tenant: [{ in: 'params', key: 'accountId', owns: 'account' }],
  }),
  getAgentsOverview: endpoint({
    method: 'GET', path: 'agent/get-agents-overview/{accountId}', summary: 'AI agents with their call counts, and human agents with their availability',
    params: v.object({ accountId: Id }),
    response: AgentsOverview,
    roles: ['USER'], tenant: [{ in: 'params', key: 'accountId', owns: 'account' }],
  }),
} as const;
