import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { authStore, useSessionUser } from 'shared-auth';
import { integrationDispatchAtom, integrationStateAtom } from '../state/integration-atoms';
import type { IntegrationAction, IntegrationState } from '../state/integration-state';
import { fetchConnections } from '../api/fetch-connections';

const options = { store: authStore };

export interface IntegrationConnectionsApi {
  state: IntegrationState;
  dispatch: (action: IntegrationAction) => void;
  refresh: () => Promise<void>;
}

/** The signed-in account's connections: fetched on mount, then kept by section 4's transitions. */
export function useIntegrationConnections(): IntegrationConnectionsApi {
  const accountId = useSessionUser()?.accountId ?? null;
  const state = useAtomValue(integrationStateAtom, options);
  const dispatch = useSetAtom(integrationDispatchAtom, options);

  const refresh = useCallback(async () => {
    if (accountId === null) return;
    dispatch({ type: 'fetchStarted', accountId });
    const connections = await fetchConnections(accountId);
    dispatch(connections === null ? { type: 'fetchFailed', accountId } : { type: 'fetched', accountId, connections });
  }, [accountId, dispatch]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { state: state.accountId === accountId ? state : { ...state, loading: true }, dispatch, refresh };
}
