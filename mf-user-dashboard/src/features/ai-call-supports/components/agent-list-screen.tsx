import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApi, useServerMessage, useSessionUser } from 'shared-auth';
import { contract, freePlanLimitMessage } from 'shared-contracts';
import { Button, DashboardPage, DataTable, PageCard, PlusOutlined, Space, Typography } from 'shared-ui';
import { useAgentActions } from '../hooks/use-agent-actions';
import { agentListColumns, type AgentListRow } from './agent-list-columns';
import { CampaignLeadsDialog } from './campaign-leads-dialog';
import { TestCallDialog } from './test-call-dialog';

/** dashboard/ai-call-supports: the account's AI agents with their actions and their campaigns' progress. */
export function AgentListScreen() {
  const user = useSessionUser();
  const accountId = user?.accountId ?? '';
  const agents = useApi(contract.agent.getAgents, user ? { params: { accountId } } : null);
  // A campaign's progress and state arrive over the socket as they move; the list takes them in place.
  useServerMessage('CAMPAIGN_UPDATED', ({ agentId, campaignActive, campaignPausedReason, progress }) => {
    void agents.mutate((current) => current && {
      ...current,
      data: current.data.map((a) => (a.id === agentId ? { ...a, campaignActive, campaignPausedReason, campaign: progress } : a)),
    }, { revalidate: false });
  });
  const actions = useAgentActions();
  const navigate = useNavigate();
  const timeZone = user?.timeZone ?? 'UTC';
  const [testCall, setTestCall] = useState<AgentListRow | null>(null);
  const [leadsOf, setLeadsOf] = useState<string | null>(null);
  const leadsAgent = agents.data?.data.find((a) => a.id === leadsOf) ?? null;
  // The free-plan cap is known before the form is filled: the count is the list's (it reloads after a
  // duplicate or a delete), the cap is the account's (null on a paid plan).
  const overview = useApi(contract.account.getAccountOverview, user ? { params: { id: accountId } } : null);
  const limit = overview.data?.data.aiAgentLimit ?? null;
  const count = agents.data?.data.length ?? null;
  const atCap = limit !== null && count !== null && count >= limit;

  return (
    <DashboardPage
      title="AI Call Supports"
      loading={!user}
      extra={
        <Space wrap>
          {limit !== null && count !== null && (
            <Typography.Text type={atCap ? 'warning' : 'secondary'}>{`${count} of ${limit} agents`}</Typography.Text>
          )}
          {atCap && (
            <Typography.Text id="agent-cap-reason" type="secondary">
              {`${freePlanLimitMessage(limit)}. Delete one or upgrade your plan to add another.`}
            </Typography.Text>
          )}
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={atCap}
            aria-describedby={atCap ? 'agent-cap-reason' : undefined}
            onClick={() => navigate('/dashboard/ai-call-supports/create')}
          >
            Create AI Call Support
          </Button>
        </Space>
      }
    >
      <PageCard title="Your AI agents">
        <DataTable<AgentListRow>
          label="AI call supports"
          rowKey="id"
          columns={agentListColumns({ timeZone, actions, onEdit: (id) => navigate(`/dashboard/ai-call-supports/edit/${id}`), onTestCall: setTestCall, onLeads: (a) => setLeadsOf(a.id) })}
          rows={agents.data?.data}
          loading={agents.isLoading}
          error={agents.error?.message}
          onRetry={() => void agents.mutate()}
          emptyText="No AI call supports yet. Create one to answer your calls."
        />
      </PageCard>
      <TestCallDialog agent={testCall} onClose={() => setTestCall(null)} />
      <CampaignLeadsDialog agent={leadsAgent} timeZone={timeZone} onClose={() => setLeadsOf(null)} />
    </DashboardPage>
  );
}
