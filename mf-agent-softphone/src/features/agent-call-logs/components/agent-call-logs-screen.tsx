import { useSessionUser } from 'shared-auth';
import { DEFAULT_PAGE_SIZE, extractErrorText, type CallLog } from 'shared-contracts';
import { DashboardPage, DataTable, PageCard, Pager, Typography, callLogColumns, totalPagesOf } from 'shared-ui';
import { useAgentCallLogs } from '../hooks/use-agent-call-logs';
import { CallLogFilters } from './call-log-filters';

export function AgentCallLogsScreen() {
  const user = useSessionUser();
  const logs = useAgentCallLogs();
  const total = logs.data?.total;
  const filtered = logs.searchInput.trim() !== '' || logs.direction !== 'all';

  return (
    <DashboardPage title="Call Logs">
      <PageCard
        title="My calls"
        extra={total !== undefined && <Typography.Text type="secondary">{total === 1 ? '1 call' : `${total} calls`}</Typography.Text>}
      >
        <CallLogFilters
          search={logs.searchInput}
          onSearch={logs.setSearchInput}
          direction={logs.direction}
          onDirection={logs.setDirection}
        />
        <DataTable<CallLog>
          label="Call logs"
          rowKey="id"
          columns={callLogColumns(user?.timeZone)}
          rows={logs.data?.data}
          loading={logs.isLoading}
          error={logs.error ? extractErrorText(logs.error) : null}
          onRetry={() => void logs.mutate()}
          emptyText={filtered ? 'No calls match these filters' : 'No calls yet'}
        />
        {!logs.error && (
          <Pager page={logs.page} totalPages={totalPagesOf(total ?? 0, DEFAULT_PAGE_SIZE)} onChange={logs.setPage} />
        )}
      </PageCard>
    </DashboardPage>
  );
}
