import { contract } from 'shared-contracts';

/** Reads that show agents; every agent write refreshes them. */
export const AGENT_READS = [contract.agent.getAgents, contract.agent.getAgent, contract.agent.getAgentsOverview] as const;
