import { planCharge, type BillingPeriod, type Plan } from 'shared-contracts';
import { Button, Card, Tag, Typography } from 'shared-ui';
import { PlanFeatures } from './plan-features';
import { billedText, formatPerMonth, formatUsd } from '../model/plan-format';

export interface PlanCardProps {
  plan: Plan;
  period: BillingPeriod;
  /** The account is on this plan and billed this period. */
  current: boolean;
  /** The account is on this plan, billed the other period. */
  currentPlanOtherPeriod: boolean;
  /** The account has a subscription: another plan is a change of it (in the provider's portal), not a new one. */
  subscribed: boolean;
  choosing: boolean;
  disabled: boolean;
  onChoose: (plan: Plan) => void;
}

export function PlanCard({ plan, period, current, currentPlanOtherPeriod, subscribed, choosing, disabled, onChoose }: PlanCardProps) {
  const action = current ? 'Current plan' : currentPlanOtherPeriod ? `Switch to ${period}` : subscribed ? `Change to ${plan.name}` : `Choose ${plan.name}`;
  const charge = planCharge(plan, period);
  const saving = Math.round((planCharge(plan, 'monthly').perYear - charge.perYear) * 100) / 100;
  const billed = billedText(charge, period);
  return (
    <section aria-label={plan.name} style={{ height: '100%' }}>
      <Card
        title={plan.name}
        extra={current || currentPlanOtherPeriod ? <Tag color="blue">Current plan</Tag> : null}
        style={{ height: '100%', borderColor: current ? '#1677ff' : undefined }}
      >
        <Typography.Paragraph type="secondary">{plan.description}</Typography.Paragraph>
        <Typography.Paragraph>
          <Typography.Text strong style={{ fontSize: 28 }} aria-label={formatPerMonth(charge)}>
            {formatUsd(charge.perMonth)}
          </Typography.Text>{' '}
          <Typography.Text type="secondary">/ month</Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {saving > 0 ? `${billed} (save ${formatUsd(saving)} a year)` : billed}
          </Typography.Text>
        </Typography.Paragraph>
        <PlanFeatures plan={plan} />
        <Button
          type={current ? 'default' : 'primary'}
          block
          style={{ marginTop: 16 }}
          disabled={current || disabled}
          loading={choosing}
          onClick={() => onChoose(plan)}
        >
          {action}
        </Button>
      </Card>
    </section>
  );
}
