import { getAgents } from './get-agents';
import { getAgentsOverview } from './get-agents-overview';

export const agentEndpoints = [getAgents, getAgentsOverview];
