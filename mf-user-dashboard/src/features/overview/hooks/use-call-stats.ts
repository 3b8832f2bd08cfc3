import { useApi } from 'shared-auth';
import { contract, type CallDirection } from 'shared-contracts';

export type DirectionFilter = CallDirection | 'all';

/** The account's call statistics, for every call or one direction. */
export function useCallStats(accountId: string, direction: DirectionFilter) {
  return useApi(contract.call.getCallStats, {
    params: { accountId },
    query: direction === 'all' ? {} : { direction },
  });
}
