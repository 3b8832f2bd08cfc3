import { getDialerSetting, uploadDefaultVoicemail } from './dialer-setting';
import { getAgentCallLogs, getCallLogs } from './get-call-logs';
import { getCallStats } from './get-call-stats';
import { generateToken } from './voice-token';

export const callEndpoints = [getCallStats, getCallLogs, getAgentCallLogs, generateToken, getDialerSetting, uploadDefaultVoicemail];
