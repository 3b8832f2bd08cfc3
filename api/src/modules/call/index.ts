import { getAgentCallLogs, getCallLogs } from './get-call-logs';
import { getCallStats } from './get-call-stats';

export const callEndpoints = [getCallStats, getCallLogs, getAgentCallLogs];
