import { and, eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { calls } from '../../db/schema';
import { implement } from '../../http/implement';
import { listCallLogs } from './call-logs';

export const getCallLogs = implement(contract.call.getCallLogs, async ({ body, user, db }) =>
  listCallLogs(db, eq(calls.accountId, user.accountId), body));

/** Only the calls this human agent handled, even though its account has more. */
export const getAgentCallLogs = implement(contract.call.getAgentCallLogs, async ({ body, user, db }) =>
  listCallLogs(db, and(eq(calls.agentUserId, user.id), eq(calls.accountId, user.accountId))!, body));
