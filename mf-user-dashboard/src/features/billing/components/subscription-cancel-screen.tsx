import { Link } from 'react-router-dom';
import { useSessionUser } from 'shared-auth';
import { extractErrorText, planName } from 'shared-contracts';
import { Button, DashboardPage, LoadError, LoadingBlock, Result } from 'shared-ui';
import { useBillingInformation } from '../hooks/use-billing';

/** dashboard/subscription-plans/cancel: the buyer left the checkout; nothing was charged. */
export function SubscriptionCancelScreen() {
  const user = useSessionUser();
  const billing = useBillingInformation(user?.accountId);
  const info = billing.data?.data;
  return (
    <DashboardPage title="Checkout cancelled" loading={!user}>
      <Result
        status="warning"
        title="Checkout cancelled"
        subTitle="No payment was taken and your plan has not changed."
        extra={[<Link key="plans" to="/dashboard/subscription-plans"><Button type="primary">Back to plans</Button></Link>]}
      >
        {billing.error ? (
          <LoadError error={extractErrorText(billing.error)} onRetry={() => void billing.mutate()} />
        ) : !info ? (
          <LoadingBlock label="Loading your plan…" rows={1} />
        ) : (
          <p style={{ textAlign: 'center', margin: 0 }}>You are on the {planName(info.plan)} plan.</p>
        )}
      </Result>
    </DashboardPage>
  );
}
