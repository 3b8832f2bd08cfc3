import { extractErrorText, planById, type Usage } from 'shared-contracts';
import type { ApiError } from 'shared-auth';
import { LoadError, LoadingBlock, PageCard, Progress, Typography, formatDate } from 'shared-ui';
import { formatMinutes, formatUsd } from './plan-format';

interface UsageCardProps {
  usage: Usage | undefined;
  error: ApiError | undefined;
  onRetry: () => void;
  timeZone: string;
}

/** Minutes used this month against the plan's quota, and what the minutes over it cost. */
export function UsageCard({ usage, error, onRetry, timeZone }: UsageCardProps) {
  return (
    <PageCard title="Minutes this month">
      {error ? (
        <LoadError error={extractErrorText(error)} onRetry={onRetry} />
      ) : !usage ? (
        <LoadingBlock label="Loading usage…" rows={2} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {formatDate(usage.periodStart, timeZone)} – {formatDate(usage.periodEnd, timeZone)}
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
            {usage.overageMinutes > 0
              ? `Overage: ${formatMinutes(usage.overageMinutes)} at ${formatUsd(planById(usage.plan)?.overagePrice ?? 0)} per minute = ${formatUsd(usage.overageCost)}`
              : 'No overage this month'}
          </Typography.Paragraph>
        </>
      )}
    </PageCard>
  );
}
