import { getPendingWrapUp, wrapUpCall } from './agent-wrap-up';
import { getDeskReport } from './desk-report';
import { getDeskSetting, updateDeskSetting } from './desk-setting';
import { hangUpCall } from './hang-up';
import { holdCall } from './hold';
import { transferCall } from './transfer';
import { getLiveDesk } from './live-desk';

export const deskEndpoints = [getDeskSetting, updateDeskSetting, getPendingWrapUp, wrapUpCall, getDeskReport, getLiveDesk, hangUpCall, holdCall, transferCall];
export { startWrapUp, wrapUpExpiryJob } from './agent-wrap-up';
