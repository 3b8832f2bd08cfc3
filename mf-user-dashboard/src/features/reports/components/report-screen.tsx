import type { ReactNode } from 'react';
import { useApi, useSessionUser } from 'shared-auth';
import { DEFAULT_PAGE_SIZE, featureRefusedBy, fieldErrors, type RequestOf } from 'shared-contracts';
import { DashboardPage, PageCard, type TableColumnsType } from 'shared-ui';
import { compact } from '../model/compact';
import type { CsvColumn } from '../model/csv';
import { csvExportProgressText, useCsvExport, type Paged, type RowOf } from '../hooks/use-csv-export';
import { useReportFilters } from '../hooks/use-report-filters';
import { ReportFilters } from './report-filters';
import { ReportTable } from './report-table';
import { PlanUpgradePrompt } from '../../plan-features';

interface DateFilters { from: string; to: string }

interface ReportScreenProps<E extends Paged, F extends object> {
  title: string;
  endpoint: E;
  initialFilters: F;
  searchPlaceholder: string;
  /** The report's own filters (selects), beside the search. */
  controls: (filters: F, setFilters: (next: F) => void) => ReactNode;
  table: {
    label: string;
    rowKey: (row: RowOf<E>) => string;
    columns: (timeZone: string) => TableColumnsType<RowOf<E>>;
    emptyText: string;
  };
  csv: { columns: (timeZone: string) => readonly CsvColumn<RowOf<E>>[]; fileName: string };
}

const hasDates = (filters: object): filters is DateFilters => 'from' in filters && 'to' in filters;

/**
 * A report: search, its filters (with a date range when the filters have `from` and `to`),
 * CSV export of every matching row, and a page of rows in the user's time zone.
 */
export function ReportScreen<E extends Paged, F extends object>({
  title, endpoint, initialFilters, searchPlaceholder, controls, table, csv,
}: ReportScreenProps<E, F>) {
  const user = useSessionUser();
  const timeZone = user?.timeZone ?? 'UTC';
  const f = useReportFilters<F>(initialFilters);
  const body = compact(f.query);
  const request = { ...body, page: f.page, limit: DEFAULT_PAGE_SIZE };
  // Filters the server would refuse (a range that ends before it starts) are explained here
  // and never sent: a Retry or an export could not succeed until the user changes them.
  const refusal = endpoint.body ? Object.values(fieldErrors(endpoint.body, request))[0] : undefined;
  const rows = useApi(endpoint, user && !refusal ? ({ body: request } as RequestOf<E>) : null, { keepPreviousData: true });
  const page = refusal ? undefined : (rows.data as { data: RowOf<E>[]; total: number } | undefined);
  const exporter = useCsvExport(endpoint, csv.columns(timeZone), csv.fileName);
  const filters = f.filters;

  // A report the account's plan does not include: which plan does, and the way to upgrade.
  const notInPlan = featureRefusedBy(rows.error?.message);
  if (notInPlan !== undefined) return <DashboardPage title={title}><PlanUpgradePrompt feature={notInPlan} /></DashboardPage>;

  return (
    <DashboardPage title={title} loading={!user}>
      <PageCard>
        <ReportFilters
          search={f.search}
          onSearch={f.setSearch}
          searchPlaceholder={searchPlaceholder}
          dates={hasDates(filters) ? { from: filters.from, to: filters.to, onChange: (range) => f.setFilters({ ...filters, ...range }) } : undefined}
          onExport={() => void exporter.exportCsv(body)}
          exporting={exporter.exporting}
          exportProgress={exporter.progress ? csvExportProgressText(exporter.progress) : undefined}
          exportBlocked={refusal !== undefined}
        >
          {controls(filters, f.setFilters)}
        </ReportFilters>
        <ReportTable<RowOf<E>>
          label={table.label}
          rowKey={table.rowKey}
          columns={table.columns(timeZone)}
          rows={page?.data}
          total={page?.total}
          loading={rows.isLoading}
          error={refusal ?? rows.error?.message}
          onRetry={refusal ? undefined : () => void rows.mutate()}
          page={f.page}
          pageSize={DEFAULT_PAGE_SIZE}
          onPage={f.setPage}
          emptyText={table.emptyText}
        />
      </PageCard>
    </DashboardPage>
  );
}
