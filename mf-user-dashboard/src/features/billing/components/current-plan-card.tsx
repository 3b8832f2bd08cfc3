import { Link } from 'react-router-dom';
import { billingDateText, extractErrorText, planById, planCharge, planName, type BillingInformation } from 'shared-contracts';
import type { ApiError } from 'shared-auth';
import { Button, Descriptions, LoadError, LoadingBlock, PageCard, StatusTag } from 'shared-ui';
import { PERIOD_LABEL, billedText, formatPerMonth } from '../model/plan-format';
import { ManageSubscriptionButton } from './manage-subscription-button';
import { SubscriptionEndActions } from './subscription-end-actions';

const STATUS_LABEL: Record<BillingInformation['status'], string> = {
  none: 'No subscription', trialing: 'Trial', active: 'Active', past_due: 'Past due', canceled: 'Cancelled',
};

interface CurrentPlanCardProps {
  info: BillingInformation | undefined;
  error: ApiError | undefined;
  onRetry: () => void;
  /** After a cancel or resume: read the plan again. */
  onChanged: () => Promise<unknown>;
}

export function CurrentPlanCard({ info, error, onRetry, onChanged }: CurrentPlanCardProps) {
  const plan = info ? planById(info.plan) : undefined;
  const period = info?.period ?? null;
  const charge = plan && period ? planCharge(plan, period) : null;
  return (
    <PageCard title="Current plan" extra={<Link to="/dashboard/subscription-plans"><Button>{plan ? 'Change plan' : 'See plans'}</Button></Link>}>
      {error ? (
        <LoadError error={extractErrorText(error)} onRetry={onRetry} />
      ) : !info ? (
        <LoadingBlock label="Loading your plan…" />
      ) : (
        <>
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" items={[
            { key: 'plan', label: 'Plan', children: planName(info.plan) },
            { key: 'status', label: 'Status', children: <StatusTag status={info.status === 'active' ? 'active' : 'offline'} label={STATUS_LABEL[info.status]} /> },
            { key: 'period', label: 'Billing period', children: info.period ? PERIOD_LABEL[info.period] : '—' },
            { key: 'price', label: 'Price', children: charge && period ? `${formatPerMonth(charge)} (${billedText(charge, period)})` : 'Free' },
            {
              key: 'renewal', label: info.cancelAtPeriodEnd ? 'Ends on' : 'Renews on',
              children: info.currentPeriodEnd ? billingDateText(info.currentPeriodEnd, info) : '—',
            },
            {
              key: 'card', label: 'Payment method',
              children: info.paymentMethod
                ? `${info.paymentMethod.brand.toUpperCase()} ending ${info.paymentMethod.last4} (${String(info.paymentMethod.expMonth).padStart(2, '0')}/${info.paymentMethod.expYear})`
                : 'None',
            },
          ]} />
          {info.canManageSubscription && (
            <div style={{ marginTop: 16 }}>
              <ManageSubscriptionButton />
            </div>
          )}
          <SubscriptionEndActions info={info} onChanged={onChanged} />
        </>
      )}
    </PageCard>
  );
}
