import { startStandaloneRemote } from 'shared-auth';
import AgentCallLogs from './exposes/AgentCallLogs';

startStandaloneRemote({
  routes: { '/dashboard/agent-call-logs': <AgentCallLogs /> },
  home: '/dashboard/agent-call-logs',
});
