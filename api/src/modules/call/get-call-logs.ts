import { contract } from 'shared-contracts';
import { implement } from '../../http/implement';
import { listCallLogs } from './call-logs';

export const getCallLogs = implement(contract.call.getCallLogs, async ({ body, user, db, app }) =>
  listCallLogs(db, { accountId: user.accountId }, body, { recordings: app.recordingLinks, cache: app.callLogsCache }));

/** Only the calls this human agent handled, even though its account has more. */
export const getAgentCallLogs = implement(contract.call.getAgentCallLogs, async ({ body, user, db, app }) =>
  listCallLogs(db, { accountId: user.accountId, agentUserId: user.id }, body, { recordings: app.recordingLinks }));
