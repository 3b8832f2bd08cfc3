import { useApi } from 'shared-auth';
import { contract, type BillingInformation } from 'shared-contracts';

/** `refreshInterval` may depend on the last answer (e.g. ask again only until a payment is confirmed). */
type Refresh = number | ((latest: { data: BillingInformation } | undefined) => number);

export const useBillingInformation = (accountId: string | undefined, refreshInterval?: Refresh) =>
  useApi(contract.users.getBillingInformation, accountId ? { params: { accountId } } : null, { refreshInterval });

export const useUsage = (accountId: string | undefined) =>
  useApi(contract.billing.getUsage, accountId ? { params: { accountId } } : null);
