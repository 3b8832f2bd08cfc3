import { SummaryReportScreen } from '../features/reports/components/summary-report-screen';

export default function SummaryReport() {
  return <SummaryReportScreen />;
}
