import { useLiveTeam } from 'shared-auth';
import type { AgentsOverview } from 'shared-contracts';

export type HumanAgent = AgentsOverview['humanAgents'][number];

/** The overview's human agents with their live presence. */
export const useLiveHumanAgents = (agents: readonly HumanAgent[]): HumanAgent[] => useLiveTeam(agents);
