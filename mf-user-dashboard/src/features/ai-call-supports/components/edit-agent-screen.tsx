import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { notify, useApi, useApiMutation, useSessionUser } from 'shared-auth';
import { contract } from 'shared-contracts';
import { DashboardPage, LoadError } from 'shared-ui';
import { AGENT_READS } from '../api/agent-endpoints';
import { AgentForm } from './agent-form';
import { agentToValues } from '../model/agent-form-values';

/** dashboard/ai-call-supports/edit/{id} */
export function EditAgentScreen() {
  const { id = '' } = useParams();
  const user = useSessionUser();
  const navigate = useNavigate();
  const agent = useApi(contract.agent.getAgent, user ? { params: { id } } : null);
  const update = useApiMutation(contract.agent.updateAgent, { invalidates: AGENT_READS });
  const initialValues = useMemo(() => (agent.data ? agentToValues(agent.data.data) : undefined), [agent.data]);

  return (
    <DashboardPage
      title={agent.data ? `Edit ${agent.data.data.name}` : 'Edit AI Call Support'}
      loading={!user || agent.isLoading}
      onBack={() => navigate('/dashboard/ai-call-supports')}
    >
      {agent.error && <LoadError error={agent.error.message} onRetry={() => void agent.mutate()} />}
      {user && initialValues && (
        <AgentForm
          accountId={user.accountId}
          initialValues={initialValues}
          submitLabel="Save changes"
          onSave={async (body) => {
            await update.trigger({ params: { agentId: id }, body });
            notify.success('AI call support saved');
          }}
        />
      )}
    </DashboardPage>
  );
}
