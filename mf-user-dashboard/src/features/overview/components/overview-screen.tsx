import { useSessionUser } from 'shared-auth';
import { DashboardPage } from 'shared-ui';
import { CallStatsCard } from './call-stats-card';
import { AgentsOverviewCards } from './agents-overview-cards';

export function OverviewScreen() {
  const user = useSessionUser();
  // The host's guard renders this screen only for a signed-in USER; until the session is
  // known there is no account to ask about.
  return (
    <DashboardPage title="Overview" loading={!user}>
      {user && (
        <>
          <CallStatsCard accountId={user.accountId} />
          <AgentsOverviewCards accountId={user.accountId} timeZone={user.timeZone} />
        </>
      )}
    </DashboardPage>
  );
}
