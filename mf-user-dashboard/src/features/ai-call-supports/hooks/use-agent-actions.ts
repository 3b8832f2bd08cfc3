import { useState } from 'react';
import { notify, useApiMutation } from 'shared-auth';
import { contract } from 'shared-contracts';
import { AGENT_READS } from '../api/agent-endpoints';

export interface AgentActions {
  /** The agent whose action is running, so only its row shows a spinner. */
  busyId: string | null;
  duplicate: (agentId: string, name: string) => Promise<void>;
  remove: (agentId: string, name: string) => Promise<void>;
  toggleCampaign: (agentId: string, status: boolean) => Promise<void>;
}

/** The list's row actions: each toasts its outcome and refreshes the agent reads. */
export function useAgentActions(): AgentActions {
  const [busyId, setBusyId] = useState<string | null>(null);
  const options = { invalidates: AGENT_READS };
  const duplicateCall = useApiMutation(contract.agent.duplicateAgent, options);
  const deleteCall = useApiMutation(contract.agent.deleteAgent, options);
  const toggleCall = useApiMutation(contract.campaign.toggleCampaign, options);

  const run = async (agentId: string, work: () => Promise<string>) => {
    setBusyId(agentId);
    try {
      notify.success(await work());
    } catch (error) {
      notify.error(error);
    } finally {
      setBusyId(null);
    }
  };

  return {
    busyId,
    duplicate: (agentId, name) => run(agentId, async () => {
      const { data } = await duplicateCall.trigger({ body: { agentId } });
      return `${name} duplicated as ${data.name}`;
    }),
    remove: (agentId, name) => run(agentId, async () => {
      await deleteCall.trigger({ params: { id: agentId } });
      return `${name} deleted`;
    }),
    toggleCampaign: (agentId, status) => run(agentId, async () => {
      const { data } = await toggleCall.trigger({ body: { agentId, status } });
      return data.campaignActive ? 'Campaign started' : 'Campaign paused';
    }),
  };
}
