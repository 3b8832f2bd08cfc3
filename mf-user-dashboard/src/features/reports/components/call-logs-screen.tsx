import { useApi, useSessionUser } from 'shared-auth';
import { DEFAULT_PAGE_SIZE, contract, type CallDirection } from 'shared-contracts';
import { DashboardPage, PageCard, Select } from 'shared-ui';
import { compact } from '../hooks/compact';
import { useCsvExport } from '../hooks/use-csv-export';
import { useReportFilters } from '../hooks/use-report-filters';
import { callLogColumns, callLogCsv } from './call-log-columns';
import { ReportFilters } from './report-filters';
import { ReportTable } from './report-table';

const DIRECTIONS = [{ value: '', label: 'All directions' }, { value: 'inbound', label: 'Inbound' }, { value: 'outbound', label: 'Outbound' }];

/** dashboard/reports/call-logs */
export function CallLogsScreen() {
  const user = useSessionUser();
  const timeZone = user?.timeZone ?? 'UTC';
  const f = useReportFilters<{ direction: CallDirection | '' }>({ direction: '' });
  const body = compact(f.query) as { search?: string; direction?: CallDirection };
  const logs = useApi(contract.call.getCallLogs, user ? { body: { ...body, page: f.page, limit: DEFAULT_PAGE_SIZE } } : null, { keepPreviousData: true });
  const csv = useCsvExport(contract.call.getCallLogs, callLogCsv(timeZone), 'call-logs.csv');

  return (
    <DashboardPage title="Call Logs" loading={!user}>
      <PageCard>
        <ReportFilters search={f.search} onSearch={f.setSearch} searchPlaceholder="Number or lead name" onExport={() => void csv.exportCsv(body)} exporting={csv.exporting}>
          <Select aria-label="Direction" value={f.filters.direction} onChange={(direction) => f.setFilters({ direction })} options={DIRECTIONS} style={{ width: 160 }} />
        </ReportFilters>
        <ReportTable
          label="Call logs"
          rowKey={(c) => c.id}
          columns={callLogColumns(timeZone)}
          rows={logs.data?.data}
          total={logs.data?.total}
          loading={logs.isLoading}
          error={logs.error?.message}
          onRetry={() => void logs.mutate()}
          page={f.page}
          pageSize={DEFAULT_PAGE_SIZE}
          onPage={f.setPage}
          emptyText="No calls match these filters"
        />
      </PageCard>
    </DashboardPage>
  );
}
