import { DataTable, PageCard, Typography } from 'shared-ui';
import { aiAgentColumns, type AiAgentRow } from './ai-agent-columns';
import type { OverviewState } from '../model/overview-state';

export function AiAgentsCard({ overview, loading, error, onRetry, timeZone }: OverviewState & { timeZone: string }) {
  const summary = overview && (
    <Typography.Text type="secondary">
      {overview.totalAgents} {overview.totalAgents === 1 ? 'agent' : 'agents'} · {overview.activeCampaigns} active{' '}
      {overview.activeCampaigns === 1 ? 'campaign' : 'campaigns'}
    </Typography.Text>
  );
  return (
    <PageCard title="AI agents" extra={summary}>
      <DataTable<AiAgentRow>
        label="AI agents"
        rowKey="id"
        columns={aiAgentColumns(timeZone)}
        rows={overview?.agents}
        loading={loading}
        error={error}
        onRetry={onRetry}
        emptyText="No AI agents yet"
      />
    </PageCard>
  );
}
