import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApi, useSessionUser } from 'shared-auth';
import { contract } from 'shared-contracts';
import { Button, DashboardPage, LoadError, Result } from 'shared-ui';

/** dashboard/ai-call-supports/create/success: what was created and where to go next. */
export function AgentCreatedScreen() {
  const [search] = useSearchParams();
  const id = search.get('id');
  const user = useSessionUser();
  const navigate = useNavigate();
  const agent = useApi(contract.agent.getAgent, user && id ? { params: { id } } : null);
  const toList = () => navigate('/dashboard/ai-call-supports');

  let body;
  if (!id) {
    body = <Result status="info" title="No AI call support to show" extra={<Button onClick={toList}>Go to AI call supports</Button>} />;
  } else if (agent.error) {
    body = <LoadError error={agent.error.message} onRetry={() => void agent.mutate()} />;
  } else if (agent.data) {
    const created = agent.data.data;
    body = (
      <Result
        status="success"
        title={`${created.name} is ready`}
        subTitle={created.phoneNumber ? `It answers calls to ${created.phoneNumber}.` : 'Assign it a phone number to start taking calls.'}
        extra={[
          <Button type="primary" key="edit" onClick={() => navigate(`/dashboard/ai-call-supports/edit/${created.id}`)}>Edit settings</Button>,
          <Button key="list" onClick={toList}>Go to AI call supports</Button>,
        ]}
      />
    );
  }
  return (
    <DashboardPage title="AI Call Support created" loading={!user || agent.isLoading}>
      {body}
    </DashboardPage>
  );
}
