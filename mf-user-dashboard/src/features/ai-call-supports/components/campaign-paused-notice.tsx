import { Link } from 'react-router-dom';
import { CAMPAIGN_PAUSED_TEXT, type CampaignPauseReason } from 'shared-contracts';
import { Typography } from 'shared-ui';
import { PLANS_PAGE } from '../../plan-features';

/** Why a campaign stopped by itself, with the way to start it again. */
export function CampaignPausedNotice({ reason }: { reason: CampaignPauseReason }) {
  return (
    <Typography.Text type="warning" role="status" style={{ fontSize: 12, display: 'block' }}>
      {CAMPAIGN_PAUSED_TEXT[reason]} <Link to={PLANS_PAGE}>See plans</Link>
    </Typography.Text>
  );
}
