import useSWR from 'swr';
import { PLANS, randomDelay, type Plan } from 'shared-contracts';

const PLANS_KEY = 'local:plans';

/** The plan list is served locally after a short wait, not from a call. */
export const loadPlans = async (): Promise<readonly Plan[]> => {
  await randomDelay();
  return PLANS;
};

export function usePlans() {
  return useSWR<readonly Plan[], Error>(PLANS_KEY, loadPlans);
}
