import { useNavigate } from 'react-router-dom';
import { useApiMutation, useSessionUser } from 'shared-auth';
import { contract } from 'shared-contracts';
import { DashboardPage } from 'shared-ui';
import { AGENT_READS } from '../api/agent-endpoints';
import { AgentForm } from './agent-form';
import { EMPTY_AGENT } from '../model/agent-form-values';

/** dashboard/ai-call-supports/create */
export function CreateAgentScreen() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const create = useApiMutation(contract.agent.createAgent, { invalidates: AGENT_READS });
  return (
    <DashboardPage title="Create AI Call Support" loading={!user} onBack={() => navigate('/dashboard/ai-call-supports')}>
      {user && (
        <AgentForm
          accountId={user.accountId}
          initialValues={EMPTY_AGENT}
          submitLabel="Create AI Call Support"
          onSave={async (body) => {
            const { data } = await create.trigger({ body });
            navigate(`/dashboard/ai-call-supports/create/success?id=${data.id}`);
          }}
        />
      )}
    </DashboardPage>
  );
}
