import { getPendingWrapUp, wrapUpCall } from './agent-wrap-up';
import { getDeskReport } from './desk-report';
import { getDeskSetting, updateDeskSetting } from './desk-setting';

export const deskEndpoints = [getDeskSetting, updateDeskSetting, getPendingWrapUp, wrapUpCall, getDeskReport];
export { startWrapUp, wrapUpExpiryJob } from './agent-wrap-up';
