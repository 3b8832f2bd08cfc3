import { Link } from 'react-router-dom';
import { CAMPAIGN_PAUSED_TEXT, type AiAgentSummary } from 'shared-contracts';
import { Alert } from 'shared-ui';

/** The overview's notice of campaigns that stopped by themselves: why, whose, and where to act. */
export function CampaignPausedAlert({ agents }: { agents: readonly AiAgentSummary[] | undefined }) {
  const paused = (agents ?? []).filter((a) => a.campaignPausedReason !== null);
  if (paused.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      style={{ marginBottom: 16 }}
      title={CAMPAIGN_PAUSED_TEXT[paused[0]!.campaignPausedReason!]}
      description={(
        <>
          {paused.length === 1 ? 'Paused campaign: ' : 'Paused campaigns: '}
          {paused.map((a) => a.name).join(', ')}. <Link to="/dashboard/subscription-plans">See plans</Link>
        </>
      )}
    />
  );
}
