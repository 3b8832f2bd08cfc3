import type { CampaignProgress } from 'shared-contracts';
import { Typography } from 'shared-ui';

/** "Called 2 of 3 · 1 answered · 1 left" under an agent's campaign switch. */
export function CampaignProgressText({ progress, name }: { progress: CampaignProgress; name: string }) {
  const text = progress.total === 0
    ? 'No leads yet'
    : `Called ${progress.called} of ${progress.total} · ${progress.answered} answered · ${progress.remaining} left`;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }} aria-label={`Campaign progress of ${name}`}>
      {text}
    </Typography.Text>
  );
}
