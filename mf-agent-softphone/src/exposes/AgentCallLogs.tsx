import { AgentCallLogsScreen } from '../features/agent-call-logs/components/agent-call-logs-screen';

/** dashboard/agent-call-logs */
export default function AgentCallLogs() {
  return <AgentCallLogsScreen />;
}
