import { useApi } from 'shared-auth';
import { contract } from 'shared-contracts';

/** The enabled AI clients an agent may use: text models and speech-to-text. */
export const useAiClientOptions = () => useApi(contract.aiClient.getAiClients, {});
