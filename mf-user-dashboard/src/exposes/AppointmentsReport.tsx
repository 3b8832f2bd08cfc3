import { AppointmentsReportScreen } from '../features/reports/components/appointments-report-screen';

export default function AppointmentsReport() {
  return <AppointmentsReportScreen />;
}
