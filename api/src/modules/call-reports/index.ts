import { getCallFeedback, rateCall } from './call-feedback';
import { getCallReports } from './get-call-reports';
import { getCallSummaries } from './get-call-summaries';
import { getConversationMessages } from './get-conversation-messages';

export { accountTimeZone } from './account-time-zone';
export { withinDays } from './day-range';

/** A USER's view of single calls: the report, the transcript and the user's rating. */
export const callReportEndpoints = [getCallReports, getConversationMessages, rateCall, getCallFeedback, getCallSummaries];
