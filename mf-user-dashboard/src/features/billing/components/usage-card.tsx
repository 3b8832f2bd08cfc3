import { Link } from 'react-router-dom';
import { PLANS, extractErrorText, planById, type Usage } from 'shared-contracts';
import type { ApiError } from 'shared-auth';
import { LoadError, LoadingBlock, PageCard, Progress, Typography, formatBillingPeriod, formatMinutes } from 'shared-ui';
import { formatUsd } from '../model/plan-format';

interface UsageCardProps {
  usage: Usage | undefined;
  error: ApiError | undefined;
  onRetry: () => void;
  /** The signed-in user's own zone: the period names the account's when it is another. */
  viewerTimeZone: string;
}

const SMALLEST_PAID_QUOTA = Math.min(...PLANS.map((p) => p.planFeature.minuteQuota));

/** What the minutes beyond the quota mean: a cost on a paid plan; on the free plan, nothing is cut off or charged. */
function OverageText({ usage }: { usage: Usage }) {
  if (usage.plan === 'free') {
    return (
      <>
        {usage.overageMinutes > 0
          ? `${formatMinutes(usage.overageMinutes)} over the free plan's ${formatMinutes(usage.minuteQuota)} a month: calls keep working and are not charged.`
          : `The free plan includes ${formatMinutes(usage.minuteQuota)} a month; past that, calls keep working and are not charged.`}
        {` A paid plan includes ${formatMinutes(SMALLEST_PAID_QUOTA)} or more each month. `}
        <Link to="/dashboard/subscription-plans">See plans</Link>
      </>
    );
  }
  return usage.overageMinutes > 0
    ? `Overage: ${formatMinutes(usage.overageMinutes)} at ${formatUsd(planById(usage.plan)?.overagePrice ?? 0)} per minute = ${formatUsd(usage.overageCost)}`
    : 'No overage this month';
}

/** Minutes used this month against the plan's quota, and what the minutes over it cost. */
export function UsageCard({ usage, error, onRetry, viewerTimeZone }: UsageCardProps) {
  return (
    <PageCard title="Minutes this month">
      {error ? (
        <LoadError error={extractErrorText(error)} onRetry={onRetry} />
      ) : !usage ? (
        <LoadingBlock label="Loading usage…" rows={2} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {formatBillingPeriod(usage, viewerTimeZone)}
          </Typography.Paragraph>
          <Typography.Paragraph strong>
            {formatMinutes(usage.minutesUsed)} used of {formatMinutes(usage.minuteQuota)}
          </Typography.Paragraph>
          <Progress
            aria-label="Minutes used"
            percent={usage.minuteQuota > 0 ? Math.min(100, Math.round((usage.minutesUsed / usage.minuteQuota) * 100)) : 100}
            status={usage.overageMinutes > 0 ? 'exception' : 'normal'}
          />
          <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
            <OverageText usage={usage} />
          </Typography.Paragraph>
        </>
      )}
    </PageCard>
  );
}
