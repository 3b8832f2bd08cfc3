import { createAgent } from './create-agent';
import { deleteAgent } from './delete-agent';
import { duplicateAgent } from './duplicate-agent';
import { getAgent } from './get-agent';
import { getAgentVoices } from './get-agent-voices';
import { previewVoice } from './preview-voice';
import { getAgents } from './get-agents';
import { getAgentVersion, getAgentVersions } from './get-agent-versions';
import { getAgentsOverview } from './get-agents-overview';
import { getSquareupLocations } from './get-squareup-locations';
import { restoreAgentVersion } from './restore-agent-version';
import { rotateToolSecret } from './rotate-tool-secret';
import { tryCustomTool } from './try-custom-tool';
import { getTeam } from './team';

export { teamOf } from './team';
import { updateAgent } from './update-agent';

export const agentEndpoints = [
  getAgents, getAgentsOverview, getAgent, createAgent, updateAgent, deleteAgent, duplicateAgent,
  getAgentVoices, previewVoice, getSquareupLocations, getAgentVersions, getAgentVersion, restoreAgentVersion,
  tryCustomTool, rotateToolSecret, getTeam,
];
