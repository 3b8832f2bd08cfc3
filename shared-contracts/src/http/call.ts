import * as v from 'valibot';
import { endpoint } from './endpoint';
import { CallDirection, Id, PageInput, SearchText } from '../schemas/common';
import { CallLog } from '../schemas/entities';

export const CallStats = v.object({
  total: v.number(),
  inbound: v.number(),
  outbound: v.number(),
  answered: v.number(),
  missed: v.number(),
  averageDurationSeconds: v.number(),
  /** Calls per day for the last 14 days, oldest first (dates in the account's time zone). */
  byDay: v.array(v.object({ date: v.string(), inbound: v.number(), outbound: v.number() })),
});
export type CallStats = v.InferOutput<typeof CallStats>;

const CallLogFilter = v.object({
  ...PageInput,
  search: SearchText,
  direction: v.optional(CallDirection),
});

export const callContract = {
  getCallStats: endpoint({
    method: 'GET', path: 'call/get-call-stats/{accountId}', summary: 'Call counts by direction for an account',
    params: v.object({ accountId: Id }),
    query: v.object({ direction: v.optional(CallDirection) }),
    response: CallStats,
    roles: ['USER'], tenant: [{ in: 'params', key: 'accountId', owns: 'account' }],
  }),
  getCallLogs: endpoint({
    method: 'POST', path: 'call/get-call-logs', summary: 'The account\'s call logs, newest first',
    body: CallLogFilter,
    response: v.array(CallLog), paged: true,
    roles: ['USER'], tenant: [],
  }),
  getAgentCallLogs: endpoint({
    method: 'POST', path: 'call/get-agent-call-logs', summary: 'Calls the signed-in human agent took or made, newest first',
    body: CallLogFilter,
    response: v.array(CallLog), paged: true,
    roles: ['AGENT'], tenant: [],
  }),
} as const;
