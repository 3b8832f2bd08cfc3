import { DeskReportScreen } from '../features/desk-report/components/desk-report-screen';

export default function DeskReport() {
  return <DeskReportScreen />;
}
