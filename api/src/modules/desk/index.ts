import { addAgent } from './add-agent';
import { getPendingWrapUp, wrapUpCall } from './agent-wrap-up';
import { getDeskReport } from './desk-report';
import { getDeskSetting, updateDeskSetting } from './desk-setting';
import { hangUpCall } from './hang-up';
import { holdCall } from './hold';
import { transferCall } from './transfer';
import { cancelConsult, completeTransfer, consultColleague } from './warm-transfer';
import { getLiveDesk } from './live-desk';
import { stopSupervising, superviseCall } from './supervise';

export const deskEndpoints = [getDeskSetting, updateDeskSetting, getPendingWrapUp, wrapUpCall, getDeskReport, getLiveDesk, hangUpCall, holdCall, transferCall, consultColleague, completeTransfer, cancelConsult, superviseCall, stopSupervising, addAgent];
export { startWrapUp, wrapUpExpiryJob } from './agent-wrap-up';
