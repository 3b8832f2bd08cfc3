import { useSessionUser } from 'shared-auth';
import { billingTimeZone } from 'shared-contracts';
import { DashboardPage } from 'shared-ui';
import { useBillingInformation, useUsage } from '../hooks/use-billing';
import { CurrentPlanCard } from './current-plan-card';
import { InvoiceTable } from './invoice-table';
import { PaymentFailureAlert } from './payment-failure-alert';
import { UnbilledOverageNotice } from './unbilled-overage-notice';
import { UsageCard } from './usage-card';
import { CancellationFeaturesNotice } from '../../plan-features';

/** dashboard/billing-information: plan, renewal, minutes used against the quota, payments; dates on the account's clock. */
export function BillingInformationScreen() {
  const user = useSessionUser();
  const billing = useBillingInformation(user?.accountId);
  const info = billing.data?.data;
  const usage = useUsage(user?.accountId);
  const retryBilling = () => void billing.mutate();
  return (
    <DashboardPage title="Billing Information" loading={!user}>
      {info && <PaymentFailureAlert info={info} />}
      {info && <CancellationFeaturesNotice info={info} />}
      {info && <UnbilledOverageNotice info={info} />}
      <CurrentPlanCard info={info} error={billing.error} onRetry={retryBilling} onChanged={() => billing.mutate()} />
      <UsageCard usage={usage.data?.data} error={usage.error} onRetry={() => void usage.mutate()} viewerTimeZone={user?.timeZone ?? 'UTC'} />
      {!billing.error && <InvoiceTable invoices={info?.invoices} timeZone={info ? billingTimeZone(info) : 'UTC'} />}
    </DashboardPage>
  );
}
