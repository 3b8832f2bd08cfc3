import { useApi } from 'shared-auth';
import { contract } from 'shared-contracts';

/** The connected Square's locations (empty when Square is not connected). */
export const useSquareLocations = (accountId: string) =>
  useApi(contract.agent.getSquareupLocations, { params: { id: accountId } });
