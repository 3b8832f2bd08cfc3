import { useState } from 'react';
import { notify, useApiMutation } from 'shared-auth';
import { contract, integrationName, type IntegrationCatalogEntry, type IntegrationProvider } from 'shared-contracts';
import type { IntegrationConnectionsView } from './use-integration-connections';

export const INTEGRATIONS_PATH = '/dashboard/account/integrations';
/** Where an OAuth provider's consent page sends the browser back to (with `code` and `state`). */
export const oauthRedirectUri = () => `${window.location.origin}${INTEGRATIONS_PATH}`;

/** The consent page's address for this provider, carrying our redirect and the provider as `state`. */
export function consentUrl(entry: Pick<IntegrationCatalogEntry, 'authorizeUrl' | 'provider'>): string | null {
  if (entry.authorizeUrl === null) return null;
  const url = new URL(entry.authorizeUrl);
  url.searchParams.set('redirect_uri', oauthRedirectUri());
  url.searchParams.set('state', entry.provider);
  return url.toString();
}

export interface IntegrationActions {
  /** The provider or connection whose action is running. */
  busy: string | null;
  connectWithKey: (provider: IntegrationProvider, apiKey: string) => Promise<void>;
  finishConsent: (provider: IntegrationProvider, code: string) => Promise<void>;
  disconnect: (connectionId: string, provider: string) => Promise<void>;
  disconnectAll: (connections: ReadonlyArray<{ id: string; provider: string }>) => Promise<void>;
}

/** Connect and disconnect; each success puts the server's answer into the connections and toasts. */
export function useIntegrationActions(connections: Pick<IntegrationConnectionsView, 'connected' | 'disconnected'>): IntegrationActions {
  const [busy, setBusy] = useState<string | null>(null);
  const options = { invalidates: [contract.integrations.listIntegrations] };
  const connect = useApiMutation(contract.integrations.connect, options);
  const disconnectCall = useApiMutation(contract.integrations.disconnect, options);

  const connected = async (key: string, body: Parameters<typeof connect.trigger>[0]['body']) => {
    setBusy(key);
    try {
      const { data } = await connect.trigger({ body });
      await connections.connected(data);
      notify.success(`${integrationName(data.provider)} connected`);
    } finally {
      setBusy(null);
    }
  };

  const removeOne = async (connectionId: string) => {
    await disconnectCall.trigger({ body: { connectionId } });
    await connections.disconnected(connectionId);
  };

  return {
    busy,
    // The dialog shows a refusal itself, so it is rethrown rather than toasted.
    connectWithKey: (provider, apiKey) => connected(provider, { authType: 'apiKey', provider, apiKey }),
    finishConsent: (provider, code) =>
      connected(provider, { authType: 'oauth', provider, code, redirectUri: oauthRedirectUri() }).catch((error) => notify.error(error)),
    disconnect: async (connectionId, provider) => {
      setBusy(connectionId);
      try {
        await removeOne(connectionId);
        notify.success(`${integrationName(provider)} disconnected`);
      } catch (error) {
        notify.error(error);
      } finally {
        setBusy(null);
      }
    },
    disconnectAll: async (connections) => {
      setBusy('all');
      try {
        for (const c of connections) await removeOne(c.id);
        notify.success('All calendars disconnected');
      } catch (error) {
        notify.error(error);
      } finally {
        setBusy(null);
      }
    },
  };
}
