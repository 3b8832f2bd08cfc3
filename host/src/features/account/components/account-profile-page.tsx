import { extractErrorText } from 'shared-contracts';
import { DashboardPage, LoadError, PageCard } from 'shared-ui';
import { useAccountData } from '../hooks/use-current-user';
import { ProfileForm } from './profile-form';

/** dashboard/account/profile: the signed-in user's name, phone and time zone (every role). */
export function AccountProfilePage() {
  const { current } = useAccountData();
  return (
    <DashboardPage title="Profile" loading={current.isLoading}>
      {current.error && <LoadError error={extractErrorText(current.error)} onRetry={() => void current.mutate()} />}
      {current.data && (
        <PageCard title={current.data.data.user.email}>
          <ProfileForm current={current.data.data} onSaved={(next) => void current.mutate({ data: next }, { revalidate: false })} />
        </PageCard>
      )}
    </DashboardPage>
  );
}
