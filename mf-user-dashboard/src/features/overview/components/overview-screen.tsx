import { useSessionUser } from 'shared-auth';
import { DashboardPage } from 'shared-ui';
import { CallStatsCard } from './call-stats-card';
import { AgentsOverviewCards } from './agents-overview-cards';
import { useBillingInformation } from '../../billing/hooks/use-billing';
import { PaymentFailureAlert } from '../../billing/components/payment-failure-alert';

export function OverviewScreen() {
  const user = useSessionUser();
  // A failed renewal charge is told where the owner looks first, not only on the billing page.
  const billing = useBillingInformation(user?.accountId).data?.data;
  // The host's guard renders this screen only for a signed-in USER; until the session is
  // known there is no account to ask about.
  return (
    <DashboardPage title="Overview" loading={!user}>
      {user && (
        <>
          {billing && <PaymentFailureAlert info={billing} />}
          <CallStatsCard accountId={user.accountId} />
          <AgentsOverviewCards accountId={user.accountId} timeZone={user.timeZone} />
        </>
      )}
    </DashboardPage>
  );
}
