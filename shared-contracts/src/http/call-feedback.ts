import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Id, IsoDateTime } from '../schemas/common';
import { CallFeedback, FeedbackIssueSchema } from '../schemas/feedback';

/**
 * A USER's rating of one of the account's calls, from its conversation screen. The softphone's
 * call/submit-feedback is keyed by the telephony CallSid, which AI-handled and simulated calls
 * may not have; the call's own id always exists, so the USER rates by it.
 */
export const StoredCallFeedback = v.object({
  callId: Id,
  score: v.number(),
  issue: v.nullable(FeedbackIssueSchema),
  updatedAt: IsoDateTime,
});
export type StoredCallFeedback = v.InferOutput<typeof StoredCallFeedback>;

export const callFeedbackContract = {
  rateCall: endpoint({
    method: 'POST', path: 'call/rate-call/{id}', summary: 'Rate a call\'s quality (1-5, optionally the issue heard); rating again replaces the rating',
    params: v.object({ id: Id }), body: CallFeedback, response: StoredCallFeedback,
    roles: ['USER'], tenant: [{ in: 'params', key: 'id', owns: 'call' }],
  }),
  getCallFeedback: endpoint({
    method: 'GET', path: 'call/get-call-feedback/{id}', summary: 'The signed-in user\'s rating of a call, or null',
    params: v.object({ id: Id }), response: v.nullable(StoredCallFeedback),
    roles: ['USER'], tenant: [{ in: 'params', key: 'id', owns: 'call' }],
  }),
} as const;
