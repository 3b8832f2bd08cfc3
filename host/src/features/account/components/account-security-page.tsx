import { extractErrorText } from 'shared-contracts';
import { DashboardPage, LoadError, PageCard } from 'shared-ui';
import { useAccountData } from '../hooks/use-current-user';
import { ChangePasswordForm } from './change-password-form';
import { SecuritySettings } from './security-settings';

/** dashboard/account/security: change password and two-step verification (every role). */
export function AccountSecurityPage() {
  const { user, security } = useAccountData();
  return (
    <DashboardPage title="Security">
      <PageCard title="Change password">
        <ChangePasswordForm />
      </PageCard>
      <PageCard title="Sign-in protection">
        {security.error && <LoadError error={extractErrorText(security.error)} onRetry={() => void security.mutate()} />}
        {security.isLoading && !security.data && <span role="status">Loading…</span>}
        {user && security.data && (
          <SecuritySettings
            userId={user.id}
            value={security.data.data}
            onSaved={(next) => void security.mutate({ data: next }, { revalidate: false })}
          />
        )}
      </PageCard>
    </DashboardPage>
  );
}
