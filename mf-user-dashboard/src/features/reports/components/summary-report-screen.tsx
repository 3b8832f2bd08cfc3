import { useApi, useSessionUser } from 'shared-auth';
import { CALL_SENTIMENTS, DEFAULT_PAGE_SIZE, contract, type CallDirection } from 'shared-contracts';
import { DashboardPage, PageCard, Select } from 'shared-ui';
import { compact } from '../hooks/compact';
import { useCsvExport } from '../hooks/use-csv-export';
import { useReportFilters } from '../hooks/use-report-filters';
import { ReportFilters } from './report-filters';
import { ReportTable } from './report-table';
import { SENTIMENT_LABELS, summaryColumns, summaryCsv } from './summary-columns';

type Sentiment = (typeof CALL_SENTIMENTS)[number];
const SENTIMENTS = [{ value: '', label: 'Any sentiment' }, ...CALL_SENTIMENTS.map((s) => ({ value: s, label: SENTIMENT_LABELS[s] }))];
const DIRECTIONS = [{ value: '', label: 'All directions' }, { value: 'inbound', label: 'Inbound' }, { value: 'outbound', label: 'Outbound' }];

interface Filters { direction: CallDirection | ''; sentiment: Sentiment | ''; from: string; to: string }

/** dashboard/reports/summary: each call's summary, sentiment and outcome. */
export function SummaryReportScreen() {
  const user = useSessionUser();
  const timeZone = user?.timeZone ?? 'UTC';
  const f = useReportFilters<Filters>({ direction: '', sentiment: '', from: '', to: '' });
  const body = compact(f.query) as Partial<Omit<Filters, 'direction' | 'sentiment'>> & { direction?: CallDirection; sentiment?: Sentiment; search?: string };
  const rows = useApi(contract.callSummaries.getCallSummaries, user ? { body: { ...body, page: f.page, limit: DEFAULT_PAGE_SIZE } } : null, { keepPreviousData: true });
  const csv = useCsvExport(contract.callSummaries.getCallSummaries, summaryCsv(timeZone), 'call-summaries.csv');

  return (
    <DashboardPage title="Summary" loading={!user}>
      <PageCard>
        <ReportFilters
          search={f.search}
          onSearch={f.setSearch}
          searchPlaceholder="Number or lead name"
          dates={{ from: f.filters.from, to: f.filters.to, onChange: (range) => f.setFilters({ ...f.filters, ...range }) }}
          onExport={() => void csv.exportCsv(body)}
          exporting={csv.exporting}
        >
          <Select aria-label="Direction" value={f.filters.direction} onChange={(direction) => f.setFilters({ ...f.filters, direction })} options={DIRECTIONS} style={{ width: 150 }} />
          <Select aria-label="Sentiment" value={f.filters.sentiment} onChange={(sentiment) => f.setFilters({ ...f.filters, sentiment })} options={SENTIMENTS} style={{ width: 150 }} />
        </ReportFilters>
        <ReportTable
          label="Call summaries"
          rowKey={(r) => r.call.id}
          columns={summaryColumns(timeZone)}
          rows={rows.data?.data}
          total={rows.data?.total}
          loading={rows.isLoading}
          error={rows.error?.message}
          onRetry={() => void rows.mutate()}
          page={f.page}
          pageSize={DEFAULT_PAGE_SIZE}
          onPage={f.setPage}
          emptyText="No calls match these filters"
        />
      </PageCard>
    </DashboardPage>
  );
}
