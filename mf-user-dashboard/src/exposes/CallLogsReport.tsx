import { CallLogsScreen } from '../features/reports/components/call-logs-screen';

export default function CallLogsReport() {
  return <CallLogsScreen />;
}
