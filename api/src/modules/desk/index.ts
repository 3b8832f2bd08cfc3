import { getPendingWrapUp, wrapUpCall } from './agent-wrap-up';
import { getDeskSetting, updateDeskSetting } from './desk-setting';

export const deskEndpoints = [getDeskSetting, updateDeskSetting, getPendingWrapUp, wrapUpCall];
export { startWrapUp, wrapUpExpiryJob } from './agent-wrap-up';
