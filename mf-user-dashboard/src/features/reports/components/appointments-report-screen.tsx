import { useApi, useSessionUser } from 'shared-auth';
import { APPOINTMENT_STATUSES, DEFAULT_PAGE_SIZE, contract } from 'shared-contracts';
import { DashboardPage, PageCard, Select } from 'shared-ui';
import { compact } from '../hooks/compact';
import { useCsvExport } from '../hooks/use-csv-export';
import { useReportFilters } from '../hooks/use-report-filters';
import { appointmentColumns, appointmentCsv } from './appointment-columns';
import { ReportFilters } from './report-filters';
import { ReportTable } from './report-table';

type Status = (typeof APPOINTMENT_STATUSES)[number];
const STATUS_LABELS: Record<Status, string> = { scheduled: 'Scheduled', completed: 'Completed', cancelled: 'Cancelled', 'no-show': 'No-show' };
const STATUSES = [{ value: '', label: 'All statuses' }, ...APPOINTMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))];

/** dashboard/reports/appointments */
export function AppointmentsReportScreen() {
  const user = useSessionUser();
  const timeZone = user?.timeZone ?? 'UTC';
  const f = useReportFilters<{ status: Status | ''; from: string; to: string }>({ status: '', from: '', to: '' });
  const body = compact(f.query) as { search?: string; status?: Status; from?: string; to?: string };
  const rows = useApi(contract.appointment.getAppointmentsReports, user ? { body: { ...body, page: f.page, limit: DEFAULT_PAGE_SIZE } } : null, { keepPreviousData: true });
  const csv = useCsvExport(contract.appointment.getAppointmentsReports, appointmentCsv(timeZone), 'appointments.csv');

  return (
    <DashboardPage title="Appointments" loading={!user}>
      <PageCard>
        <ReportFilters
          search={f.search}
          onSearch={f.setSearch}
          searchPlaceholder="Lead name or phone"
          dates={{ from: f.filters.from, to: f.filters.to, onChange: (range) => f.setFilters({ ...f.filters, ...range }) }}
          onExport={() => void csv.exportCsv(body)}
          exporting={csv.exporting}
        >
          <Select aria-label="Status" value={f.filters.status} onChange={(status) => f.setFilters({ ...f.filters, status })} options={STATUSES} style={{ width: 160 }} />
        </ReportFilters>
        <ReportTable
          label="Appointment list"
          rowKey={(a) => a.id}
          columns={appointmentColumns(timeZone)}
          rows={rows.data?.data}
          total={rows.data?.total}
          loading={rows.isLoading}
          error={rows.error?.message}
          onRetry={() => void rows.mutate()}
          page={f.page}
          pageSize={DEFAULT_PAGE_SIZE}
          onPage={f.setPage}
          emptyText="No appointments match these filters"
        />
      </PageCard>
    </DashboardPage>
  );
}
