import { useApi } from 'shared-auth';
import { contract } from 'shared-contracts';

/** AI agents with their call counts, and human agents with their availability as last stored. */
export function useAgentsOverview(accountId: string) {
  return useApi(contract.agent.getAgentsOverview, { params: { accountId } });
}
