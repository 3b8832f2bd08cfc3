import { useSessionUser } from 'shared-auth';
import { DashboardPage } from 'shared-ui';
import { useBillingInformation, useUsage } from '../hooks/use-billing';
import { CurrentPlanCard } from './current-plan-card';
import { InvoiceTable } from './invoice-table';
import { UsageCard } from './usage-card';

/** dashboard/billing-information: plan, renewal, minutes used against the quota, payments. */
export function BillingInformationScreen() {
  const user = useSessionUser();
  const timeZone = user?.timeZone ?? 'UTC';
  const billing = useBillingInformation(user?.accountId);
  const usage = useUsage(user?.accountId);
  const retryBilling = () => void billing.mutate();
  return (
    <DashboardPage title="Billing Information" loading={!user}>
      <CurrentPlanCard info={billing.data?.data} error={billing.error} onRetry={retryBilling} timeZone={timeZone} />
      <UsageCard usage={usage.data?.data} error={usage.error} onRetry={() => void usage.mutate()} timeZone={timeZone} />
      {!billing.error && <InvoiceTable invoices={billing.data?.data.invoices} timeZone={timeZone} />}
    </DashboardPage>
  );
}
