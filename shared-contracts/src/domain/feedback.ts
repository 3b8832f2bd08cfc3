export const FEEDBACK_ISSUES = [
  'audio-latency', 'choppy-audio', 'dropped-call', 'echo', 'noisy-call', 'one-way-audio',
] as const;
export type FeedbackIssue = (typeof FEEDBACK_ISSUES)[number];
export const FEEDBACK_SCORE_MIN = 1;
export const FEEDBACK_SCORE_MAX = 5;
