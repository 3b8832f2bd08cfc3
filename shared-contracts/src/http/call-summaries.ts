import * as v from 'valibot';
import { endpoint } from './endpoint';
import { CallDirection, REPORT_FILTER_ENTRIES, dateRangeInOrder } from '../schemas/common';
import { CALL_SENTIMENTS, CallReport } from './call';

/** Filters of the summary report: dates are inclusive days in the account's time zone. */
export const CallSummaryFilter = v.pipe(
  v.object({
    ...REPORT_FILTER_ENTRIES,
    direction: v.optional(CallDirection),
    sentiment: v.optional(v.picklist(CALL_SENTIMENTS, 'Choose positive, neutral or negative')),
  }),
  dateRangeInOrder(),
);

export const callSummariesContract = {
  getCallSummaries: endpoint({
    method: 'POST', path: 'call/get-call-summaries', summary: 'The summary report: the account\'s call reports (summary, sentiment, booking), newest first, filtered and paged',
    body: CallSummaryFilter,
    response: v.array(CallReport), paged: true,
    roles: ['USER'], tenant: [], publicApi: true,
  }),
} as const;
