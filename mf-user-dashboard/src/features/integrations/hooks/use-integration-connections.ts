import { useState } from 'react';
import { useApi, useSessionUser } from 'shared-auth';
import {
  FETCH_CONNECTIONS_FAILED_TEXT, contract, emptyConnections, isCincCrm,
  type CincConnectionStatus, type IntegrationConnection, type IntegrationConnections,
} from 'shared-contracts';
import { cincStatusOf, withConnected, withDisconnected } from '../model/connections';

export interface IntegrationConnectionsView extends IntegrationConnections {
  cincConnectionStatus: CincConnectionStatus;
  loading: boolean;
  /** "Failed to fetch connections" when they could not be read; the connections are then empty. */
  error: string | null;
  /** Reads them again from the server. */
  refresh: () => Promise<void>;
  /** Puts the server's answer to a connect or disconnect into the cache, without a refetch. */
  connected: (connection: IntegrationConnection) => Promise<void>;
  disconnected: (connectionId: string) => Promise<void>;
}

const logFailure = (error: unknown) => console.error('Failed to fetch connections', error);

/** The signed-in account's connections (GET /account/connections/{accountId}), through SWR. */
export function useIntegrationConnections(): IntegrationConnectionsView {
  const accountId = useSessionUser()?.accountId ?? null;
  const read = useApi(contract.account.getConnections, accountId === null ? null : { params: { accountId } }, { onError: logFailure });
  // The account in which CINC was disconnected on this page, so another account's status never shows it.
  const [cincRemovedIn, setCincRemovedIn] = useState<string | null>(null);

  const failed = read.error !== undefined;
  const connections = failed ? emptyConnections() : read.data?.data.data ?? emptyConnections();
  const update = async (change: (c: IntegrationConnections) => IntegrationConnections) => {
    // The body is { data: { data: connections } } (see the contract's getConnections).
    await read.mutate((current) => current && { ...current, data: { ...current.data, data: change(current.data.data) } }, { revalidate: false });
  };

  return {
    ...connections,
    cincConnectionStatus: cincStatusOf(connections.connectedCRMIntegration, accountId !== null && cincRemovedIn === accountId),
    loading: accountId === null || (!failed && read.data === undefined) || (failed && read.isValidating),
    error: failed && !read.isValidating ? FETCH_CONNECTIONS_FAILED_TEXT : null,
    refresh: async () => void (await read.mutate()),
    connected: (c) => update((current) => withConnected(current, c)),
    disconnected: async (id) => {
      if (isCincCrm(connections.connectedCRMIntegration) && connections.connectedCRMIntegration?.id === id) setCincRemovedIn(accountId);
      await update((current) => withDisconnected(current, id));
    },
  };
}
