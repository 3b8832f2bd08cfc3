import { callApi } from 'shared-auth';
import { contract, type IntegrationConnections } from 'shared-contracts';

/**
 * GET /account/connections/{accountId}: the connection fields are inside `data.data`. On
 * failure it logs and returns null, and the state keeps the empty result (spec section 7).
 */
export async function fetchConnections(accountId: string): Promise<IntegrationConnections | null> {
  try {
    const response = await callApi(contract.account.getConnections, { params: { accountId } });
    return response.data.data;
  } catch (error) {
    console.error('Failed to fetch connections', error);
    return null;
  }
}
