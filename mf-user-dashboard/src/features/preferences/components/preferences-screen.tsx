import { useApi, useSessionUser } from 'shared-auth';
import { contract } from 'shared-contracts';
import { DashboardPage, LoadError, LoadingBlock, PageCard } from 'shared-ui';
import { DeskSettingCard } from '../../desk-setting/components/desk-setting-card';
import { PreferencesForm } from './preferences-form';

/** dashboard/account/preferences */
export function PreferencesScreen() {
  const user = useSessionUser();
  const prefs = useApi(contract.account.getAccountPreference, user ? { params: { userId: user.id } } : null);
  const zones = useApi(contract.account.getTimezones, user ? {} : null);
  const error = prefs.error ?? zones.error;
  const retry = () => {
    void prefs.mutate();
    void zones.mutate();
  };

  return (
    <DashboardPage title="Preferences" loading={!user}>
      <PageCard title="Your preferences">
        {error && <LoadError error={error.message} onRetry={retry} />}
        {!error && (!prefs.data || !zones.data) && <LoadingBlock label="Loading preferences…" />}
        {/* A failed refresh leaves the form as typed, under the error: only a first load waits on it. */}
        {user && prefs.data && zones.data && (
          // Keyed by the saved values so a save (or another tab's) resets the form to them.
          <PreferencesForm key={JSON.stringify(prefs.data.data)} userId={user.id} initial={prefs.data.data} timeZones={zones.data.data} />
        )}
      </PageCard>
      <DeskSettingCard />
    </DashboardPage>
  );
}
