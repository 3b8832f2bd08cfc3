import { useAtomValue } from 'jotai';
import { agentStatusesAtom, authStore } from 'shared-auth';
import type { AgentsOverview } from 'shared-contracts';

export type HumanAgent = AgentsOverview['humanAgents'][number];

const options = { store: authStore };

/**
 * The human agents with their availability: the socket's latest STATUS_UPDATED for an agent
 * when one has arrived since the page loaded, the API's stored value until then.
 */
export function useLiveHumanAgents(agents: readonly HumanAgent[]): HumanAgent[] {
  const live = useAtomValue(agentStatusesAtom, options);
  return agents.map((agent) => {
    const update = live[agent.agentId];
    return update ? { ...agent, status: update.status, busyFrom: update.busyFrom, awayReason: update.awayReason, since: update.since } : agent;
  });
}
