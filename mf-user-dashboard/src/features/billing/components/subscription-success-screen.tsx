import { Link } from 'react-router-dom';
import { useSessionUser } from 'shared-auth';
import { billingTimeZone, extractErrorText, planName } from 'shared-contracts';
import { Button, DashboardPage, LoadError, LoadingBlock, Result, formatDate } from 'shared-ui';
import { useBillingInformation } from '../hooks/use-billing';
import { PERIOD_LABEL } from './plan-format';

/** A provider's webhook may land a moment after the buyer returns: ask again until the plan is active. */
const CONFIRM_POLL_MS = 2000;

/** dashboard/subscription-plans/success: where the checkout returns after paying; shows the plan now in force. */
export function SubscriptionSuccessScreen() {
  const user = useSessionUser();
  const billing = useBillingInformation(user?.accountId, (latest) => (latest?.data.status === 'active' ? 0 : CONFIRM_POLL_MS));
  const info = billing.data?.data;
  const confirmed = info?.status === 'active';
  const actions = [
    <Link key="billing" to="/dashboard/billing-information"><Button type="primary">Go to billing information</Button></Link>,
    <Link key="plans" to="/dashboard/subscription-plans"><Button>Back to plans</Button></Link>,
  ];
  return (
    <DashboardPage title="Subscription confirmed" loading={!user}>
      {billing.error ? (
        <LoadError error={extractErrorText(billing.error)} onRetry={() => void billing.mutate()} />
      ) : !info ? (
        <LoadingBlock label="Loading your subscription…" />
      ) : confirmed ? (
        <Result
          status="success"
          title={`You are now on the ${planName(info.plan)} plan`}
          subTitle={`${info.period ? `${PERIOD_LABEL[info.period]} billing` : ''}${info.currentPeriodEnd ? `, renews on ${formatDate(info.currentPeriodEnd, billingTimeZone(info))}` : ''}. Thank you for your payment.`}
          extra={actions}
        />
      ) : (
        <Result status="info" title="We are confirming your payment…" subTitle="This page updates by itself in a few seconds." extra={actions} />
      )}
    </DashboardPage>
  );
}
