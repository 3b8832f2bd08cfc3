import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useApi, useSessionUser } from 'shared-auth';
import {
  INTEGRATION_CATEGORIES, INTEGRATION_CATEGORY_TITLES, INTEGRATION_PROVIDERS, contract,
  type IntegrationCatalogEntry, type IntegrationProvider,
} from 'shared-contracts';
import { DashboardPage, LoadError, LoadingBlock, PageCard, Typography } from 'shared-ui';
import { useIntegrationActions, consentUrl } from '../hooks/use-integration-actions';
import { useIntegrationConnections } from '../hooks/use-integration-connections';
import { ApiKeyDialog } from './api-key-dialog';
import { CalendarList } from './calendar-list';
import { CincStatus } from './cinc-status';
import { IntegrationEntry } from './integration-entry';

const isProvider = (value: string | null): value is IntegrationProvider => (INTEGRATION_PROVIDERS as readonly string[]).includes(value ?? '');

/** dashboard/account/integrations: the CRM and calendars the account connects, and the CINC status. */
export function IntegrationsScreen() {
  const user = useSessionUser();
  const catalogue = useApi(contract.integrations.listIntegrations, user ? {} : null);
  const state = useIntegrationConnections();
  const actions = useIntegrationActions(state);
  const [keyEntry, setKeyEntry] = useState<IntegrationCatalogEntry | null>(null);
  const [params, setParams] = useSearchParams();
  const consumed = useRef<string | null>(null);

  // Back from a provider's consent page with ?code=…&state=<provider>: finish the connection once.
  const code = params.get('code');
  const provider = params.get('state');
  useEffect(() => {
    if (!user || code === null || consumed.current === code) return;
    consumed.current = code;
    setParams({}, { replace: true });
    if (isProvider(provider)) void actions.finishConsent(provider, code);
  }, [user, code, provider, setParams, actions]);

  const connect = (entry: IntegrationCatalogEntry) => {
    if (entry.authType === 'apiKey') return setKeyEntry(entry);
    const url = consentUrl(entry);
    if (url) window.location.assign(url);
  };
  const locked = state.error !== null || state.loading;

  const sections = () => {
    if (catalogue.error) return <LoadError error={catalogue.error.message} onRetry={() => void catalogue.mutate()} />;
    const entries = catalogue.data?.data;
    if (!entries) return <LoadingBlock label="Loading integrations" />;
    return INTEGRATION_CATEGORIES.map((category) => (
      <PageCard key={category} title={INTEGRATION_CATEGORY_TITLES[category]}>
        {entries.filter((e) => e.category === category).map((entry) => {
          const connection = state.allConnections.find((c) => c.provider === entry.provider);
          return (
            <IntegrationEntry key={entry.provider} entry={entry} connection={connection} disabled={locked}
              busy={actions.busy === entry.provider || (connection !== undefined && actions.busy === connection.id)}
              onConnect={() => connect(entry)} onDisconnect={(c) => void actions.disconnect(c.id, c.provider)} />
          );
        })}
        {category === 'calendar' && (
          <>
            <Typography.Title level={5} style={{ marginTop: 16 }}>Connected calendars</Typography.Title>
            {state.loading ? <LoadingBlock label="Loading calendars" rows={1} /> : (
              <CalendarList calendars={state.connectedCalendarIntegrations} busy={actions.busy} disabled={locked}
                onRemove={(c) => void actions.disconnect(c.id, c.provider)}
                onRemoveAll={() => void actions.disconnectAll(state.connectedCalendarIntegrations)} />
            )}
          </>
        )}
      </PageCard>
    ));
  };

  return (
    <DashboardPage title="Integrations" loading={!user}>
      {state.error && <div style={{ marginBottom: 24 }}><LoadError error={state.error} onRetry={() => void state.refresh()} /></div>}
      <PageCard title="CINC CRM">
        <Typography.Text style={{ marginRight: 8 }}>Status:</Typography.Text>
        {state.loading ? <LoadingBlock label="Loading connections" rows={1} /> : <CincStatus status={state.cincConnectionStatus} />}
      </PageCard>
      {sections()}
      <ApiKeyDialog entry={keyEntry} onClose={() => setKeyEntry(null)}
        onConnect={(apiKey) => actions.connectWithKey(keyEntry!.provider, apiKey)} />
    </DashboardPage>
  );
}
