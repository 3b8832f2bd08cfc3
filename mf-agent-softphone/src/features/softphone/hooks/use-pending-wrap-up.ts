import { useEffect } from 'react';
import { useApi } from 'shared-auth';
import { contract, type PendingWrapUp } from 'shared-contracts';

/**
 * The call the agent has still to wrap up, or null. Read again whenever the agent's live status
 * moves (a call ending puts them in wrap-up; finishing it, or its time running out, takes them out),
 * so a reload or a second tab shows the same wrap-up.
 */
export function usePendingWrapUp(liveStatus: string | undefined): { pending: PendingWrapUp | null; refresh: () => void } {
  const { data, mutate } = useApi(contract.desk.getPendingWrapUp, {}, { revalidateOnFocus: false });
  useEffect(() => {
    void mutate();
  }, [liveStatus, mutate]);
  return { pending: data?.data.pending ?? null, refresh: () => void mutate() };
}
