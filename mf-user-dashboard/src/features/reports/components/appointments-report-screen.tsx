import { APPOINTMENT_STATUSES, contract } from 'shared-contracts';
import { Select } from 'shared-ui';
import { appointmentColumns, appointmentCsv } from './appointment-columns';
import { ReportScreen } from './report-screen';

type Status = (typeof APPOINTMENT_STATUSES)[number];
const STATUS_LABELS: Record<Status, string> = { scheduled: 'Scheduled', completed: 'Completed', cancelled: 'Cancelled', 'no-show': 'No-show' };
const STATUSES = [{ value: '', label: 'All statuses' }, ...APPOINTMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))];

interface Filters { status: Status | ''; from: string; to: string }

/** dashboard/reports/appointments */
export function AppointmentsReportScreen() {
  return (
    <ReportScreen
      title="Appointments"
      endpoint={contract.appointment.getAppointmentsReports}
      initialFilters={{ status: '', from: '', to: '' } as Filters}
      searchPlaceholder="Lead name or phone"
      controls={(filters, setFilters) => (
        <Select aria-label="Status" value={filters.status} onChange={(status) => setFilters({ ...filters, status })} options={STATUSES} style={{ width: 160 }} />
      )}
      table={{ label: 'Appointment list', rowKey: (a) => a.id, columns: appointmentColumns, emptyText: 'No appointments match these filters' }}
      csv={{ columns: appointmentCsv, fileName: 'appointments.csv' }}
    />
  );
}
