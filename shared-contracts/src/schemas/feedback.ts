import * as v from 'valibot';
import { requestObject } from './common';
import { FEEDBACK_ISSUES, FEEDBACK_SCORE_MAX, FEEDBACK_SCORE_MIN } from '../domain/feedback';

export const FEEDBACK_SCORE_RANGE_TEXT = `Score must be from ${FEEDBACK_SCORE_MIN} to ${FEEDBACK_SCORE_MAX}`;
export const FEEDBACK_ISSUE_TEXT = 'Choose one of the listed issues';

export const FeedbackScoreSchema = v.pipe(
  v.number('Score is required'),
  v.integer('Score must be a whole number'),
  v.minValue(FEEDBACK_SCORE_MIN, FEEDBACK_SCORE_RANGE_TEXT),
  v.maxValue(FEEDBACK_SCORE_MAX, FEEDBACK_SCORE_RANGE_TEXT),
);
export const FeedbackIssueSchema = v.picklist(FEEDBACK_ISSUES, FEEDBACK_ISSUE_TEXT);

/** Call feedback, a score from 1 to 5 and optionally the issue heard. */
export const CallFeedback = requestObject({
  score: FeedbackScoreSchema,
  issue: v.optional(FeedbackIssueSchema),
});
export type CallFeedback = v.InferOutput<typeof CallFeedback>;
