import { getDialerSetting, uploadDefaultVoicemail } from './dialer-setting';
import { getAgentCallLogs, getCallLogs } from './get-call-logs';
import { getCallStats } from './get-call-stats';
import { generateToken } from './voice-token';
import { makeTestCall } from './make-test-call';
import { submitFeedback } from './submit-feedback';
import { getIncomingCall } from './get-incoming-call';
import { getCall } from './get-call';
import { startBrowserCall } from '../voice-agent';

export const callEndpoints = [getCallStats, getCallLogs, getAgentCallLogs, generateToken, getDialerSetting, uploadDefaultVoicemail, makeTestCall, submitFeedback, startBrowserCall, getIncomingCall, getCall];
export { listCallLogs } from './call-logs';
