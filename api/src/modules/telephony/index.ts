export { telephonyPlugin, type TelephonyService } from './telephony-plugin';
export type { TelephonyProvider } from './provider';
export type { AiCallConnector } from './ai-call-connector';
