import type { FeedbackIssue } from 'shared-contracts';

export const FEEDBACK_ISSUE_LABELS: Record<FeedbackIssue, string> = {
  'audio-latency': 'Audio latency',
  'choppy-audio': 'Choppy audio',
  'dropped-call': 'Dropped call',
  echo: 'Echo',
  'noisy-call': 'Noisy call',
  'one-way-audio': 'One-way audio',
};
