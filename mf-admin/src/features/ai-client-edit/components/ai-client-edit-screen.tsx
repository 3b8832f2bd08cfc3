import { useNavigate } from 'react-router-dom';
import { useApi } from 'shared-auth';
import { SPEECH_CLIENT_ON_CALLS_TEXT, contract, extractErrorText } from 'shared-contracts';
import { Alert, DashboardPage, Descriptions, LoadError, PageCard, formatDateTime } from 'shared-ui';
import { useSessionUser } from 'shared-auth';
import { AiClientForm } from './ai-client-form';
import { DeleteAiClientButton } from './delete-ai-client-button';
import { TestConnectionPanel } from './test-connection-panel';

/** admin/ai-client/edit/{id}: model, purpose, enabled flag and (write-only) credentials of one client. */
export function AiClientEditScreen({ id }: { id: string }) {
  const navigate = useNavigate();
  const user = useSessionUser();
  const { data, error, isLoading, mutate } = useApi(contract.aiClient.getAiClient, { params: { id } });
  const client = data?.data;

  return (
    <DashboardPage
      title="Edit Ai Client"
      onBack={() => navigate('/admin/ai-clients')}
      loading={isLoading}
      extra={client && <DeleteAiClientButton client={client} />}
    >
      {error && <LoadError error={extractErrorText(error)} onRetry={() => void mutate()} />}
      {client && (
        <PageCard title={`${client.name} · ${client.type}`}>
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 24 }}
            items={[
              { key: 'name', label: 'Name', children: client.name },
              { key: 'type', label: 'Client Type', children: client.type },
              { key: 'updated', label: 'Last changed', children: formatDateTime(client.updatedAt, user?.timeZone) },
            ]}
          />
          {client.type !== 'AI Client' && <Alert type="info" showIcon title={SPEECH_CLIENT_ON_CALLS_TEXT} style={{ marginBottom: 24 }} />}
          <AiClientForm client={client} onSaved={(saved) => void mutate({ data: saved }, { revalidate: false })} />
          <TestConnectionPanel client={client} />
        </PageCard>
      )}
    </DashboardPage>
  );
}
