import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { notify, useApi, useApiMutation, useSessionUser } from 'shared-auth';
import { contract } from 'shared-contracts';
import { DashboardPage, LoadError, Tabs } from 'shared-ui';
import { AGENT_READS } from '../api/agent-endpoints';
import { AgentForm } from './agent-form';
import { agentToValues } from '../model/agent-form-values';
import { AnalysisTab } from './analysis-tab';
import { CustomToolsTab } from './custom-tools-tab';
import { TestsTab } from './tests-tab';
import { VersionsTab } from './versions-tab';

/** The tabs of an agent's page; `?tab=` names the open one, so a link can open it. */
const TABS = ['settings', 'tools', 'tests', 'analysis', 'versions'] as const;
type TabKey = (typeof TABS)[number];

/** dashboard/ai-call-supports/edit/{id}: the agent's settings, and the tabs to test and inspect it. */
export function EditAgentScreen() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: TabKey = (TABS as readonly string[]).includes(asked ?? '') ? (asked as TabKey) : 'settings';
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
      {user && initialValues && agent.data && (
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch(key === 'settings' ? {} : { tab: key }, { replace: true })}
          destroyOnHidden
          items={[
            {
              key: 'settings',
              label: 'Settings',
              children: (
                <AgentForm
                  accountId={user.accountId}
                  initialValues={initialValues}
                  submitLabel="Save changes"
                  onSave={async (body) => {
                    await update.trigger({ params: { agentId: id }, body });
                    notify.success('AI call support saved');
                  }}
                />
              ),
            },
            { key: 'tools', label: 'Tools', children: <CustomToolsTab agent={agent.data.data} /> },
            { key: 'tests', label: 'Tests', children: <TestsTab agent={agent.data.data} /> },
            { key: 'analysis', label: 'Call analysis', children: <AnalysisTab agent={agent.data.data} /> },
            { key: 'versions', label: 'Versions', children: <VersionsTab agent={agent.data.data} /> },
          ]}
        />
      )}
    </DashboardPage>
  );
}
