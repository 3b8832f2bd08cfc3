import { useApi } from 'shared-auth';
import { contract } from 'shared-contracts';

/** Every voice an agent can speak with; the picker filters them on the client. */
export const useAgentVoices = () => useApi(contract.agent.getAgentVoices, { body: {} });
