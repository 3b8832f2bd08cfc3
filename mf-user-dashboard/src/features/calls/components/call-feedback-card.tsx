import { useEffect, useState } from 'react';
import { notify, useApi, useApiMutation } from 'shared-auth';
import { FEEDBACK_ISSUES, FEEDBACK_SCORE_MAX, FEEDBACK_SCORE_MIN, contract, type FeedbackIssue } from 'shared-contracts';
import { Button, Flex, LoadError, PageCard, Radio, Select, Skeleton, Typography } from 'shared-ui';
import { FEEDBACK_ISSUE_LABELS } from '../model/feedback-labels';

const SCORES = Array.from({ length: FEEDBACK_SCORE_MAX - FEEDBACK_SCORE_MIN + 1 }, (_, i) => FEEDBACK_SCORE_MIN + i);

/** The user's 1-5 rating of the call and the issue they heard, if any. */
export function CallFeedbackCard({ callId }: { callId: string }) {
  const stored = useApi(contract.callFeedback.getCallFeedback, { params: { id: callId } });
  const rate = useApiMutation(contract.callFeedback.rateCall, { invalidates: [contract.callFeedback.getCallFeedback] });
  const [score, setScore] = useState<number | null>(null);
  const [issue, setIssue] = useState<FeedbackIssue | undefined>();
  const saved = stored.data?.data;

  useEffect(() => {
    if (saved) {
      setScore(saved.score);
      setIssue(saved.issue ?? undefined);
    }
  }, [saved]);

  const submit = async () => {
    if (score === null) return;
    try {
      await rate.trigger({ params: { id: callId }, body: issue ? { score, issue } : { score } });
      notify.success('Thanks, your feedback was saved');
    } catch (error) {
      notify.error(error);
    }
  };

  let content;
  if (stored.error) content = <LoadError error={stored.error.message} onRetry={() => void stored.mutate()} />;
  else if (stored.isLoading) content = <Skeleton active paragraph={{ rows: 1 }} />;
  else {
    content = (
      <Flex vertical gap={12}>
        {saved && <Typography.Text type="secondary">You rated this call {saved.score} of {FEEDBACK_SCORE_MAX}.</Typography.Text>}
        <Radio.Group
          aria-label="Call quality score"
          optionType="button"
          value={score}
          onChange={(e) => setScore(e.target.value as number)}
          options={SCORES.map((s) => ({ value: s, label: String(s) }))}
        />
        <Select<FeedbackIssue>
          aria-label="Issue heard"
          allowClear
          placeholder="No issue"
          style={{ maxWidth: 280 }}
          value={issue}
          onChange={(value) => setIssue(value)}
          options={FEEDBACK_ISSUES.map((i) => ({ value: i, label: FEEDBACK_ISSUE_LABELS[i] }))}
        />
        <div>
          <Button type="primary" disabled={score === null} loading={rate.isMutating} onClick={() => void submit()}>
            {saved ? 'Update feedback' : 'Send feedback'}
          </Button>
        </div>
      </Flex>
    );
  }
  return <PageCard title="Call quality">{content}</PageCard>;
}
