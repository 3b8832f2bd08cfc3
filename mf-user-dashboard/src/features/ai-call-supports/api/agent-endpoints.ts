import { contract } from 'shared-contracts';

/** Reads that show agents; every agent write refreshes them (a save may make a new version). */
export const AGENT_READS = [contract.agent.getAgents, contract.agent.getAgent, contract.agent.getAgentsOverview, contract.agentVersion.getAgentVersions] as const;
