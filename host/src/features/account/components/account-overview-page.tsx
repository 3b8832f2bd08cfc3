import { Link } from 'react-router-dom';
import { useApi } from 'shared-auth';
import { contract, extractErrorText, planName, type AccountOverview } from 'shared-contracts';
import { DashboardPage, Descriptions, LoadError, PageCard, Tag, formatBillingPeriod, formatDateTime, formatMinutes } from 'shared-ui';
import { ROLE_LABELS } from '../../auth/model/role-labels';
import { useAccountData } from '../hooks/use-current-user';

/** The account at a glance: its plan, this billing month's minutes and calls, its agents. */
function AccountCard({ overview, viewerTimeZone, canManagePlan }: { overview: AccountOverview; viewerTimeZone: string | undefined; canManagePlan: boolean }) {
  const { account, usage } = overview;
  const period = formatBillingPeriod(usage, viewerTimeZone);
  return (
    <PageCard title="Account" extra={canManagePlan ? <Link to="/dashboard/subscription-plans">Manage plan</Link> : undefined}>
      <Descriptions column={1} items={[
        { key: 'name', label: 'Account', children: account.name },
        { key: 'plan', label: 'Plan', children: planName(account.plan) },
        { key: 'minutes', label: 'Minutes this month', children: `${formatMinutes(usage.minutesUsed)} of ${formatMinutes(usage.minuteQuota)} (${period})` },
        { key: 'calls', label: 'Calls this month', children: overview.callsThisMonth },
        { key: 'ai', label: 'AI agents', children: overview.aiAgentLimit === null ? overview.aiAgentCount : `${overview.aiAgentCount} of ${overview.aiAgentLimit}` },
        { key: 'humans', label: 'Human agents', children: overview.humanAgentCount },
      ]} />
    </PageCard>
  );
}

/** dashboard/account/overview: the account, who is signed in and how it is protected (every role). */
export function AccountOverviewPage() {
  const { user, current, security } = useAccountData();
  const account = useApi(contract.account.getAccountOverview, user ? { params: { id: user.accountId } } : null);
  const error = current.error ?? security.error ?? account.error;
  const retry = () => {
    void current.mutate();
    void security.mutate();
    void account.mutate();
  };
  const me = current.data?.data;
  const sec = security.data?.data;
  const overview = account.data?.data;
  return (
    <DashboardPage title="Account Overview" loading={current.isLoading || security.isLoading || account.isLoading}>
      {error && <LoadError error={extractErrorText(error)} onRetry={retry} />}
      {overview && <AccountCard overview={overview} viewerTimeZone={me?.user.timeZone} canManagePlan={user?.role === 'USER'} />}
      {me && (
        <PageCard title="Profile" extra={<Link to="/dashboard/account/profile">Edit profile</Link>}>
          <Descriptions column={1} items={[
            { key: 'name', label: 'Name', children: `${me.user.firstName} ${me.user.lastName}`.trim() },
            { key: 'email', label: 'Email', children: me.user.email },
            { key: 'role', label: 'Role', children: ROLE_LABELS[me.user.role] },
            ...(me.user.agentNumber ? [{ key: 'agent', label: 'Agent number', children: me.user.agentNumber }] : []),
            { key: 'phone', label: 'Phone number', children: me.phoneNumber ?? 'N/A' },
            { key: 'tz', label: 'Time zone', children: me.user.timeZone },
          ]} />
        </PageCard>
      )}
      {sec && (
        <PageCard title="Security" extra={<Link to="/dashboard/account/security">Manage security</Link>}>
          <Descriptions column={1} items={[
            { key: '2fa', label: 'Two-step verification', children: sec.twoStepEnabled ? <Tag color="green">On</Tag> : <Tag>Off</Tag> },
            { key: 'alerts', label: 'Sign-in alerts', children: sec.loginAlerts ? 'On' : 'Off' },
            { key: 'pw', label: 'Password last changed', children: sec.passwordChangedAt ? formatDateTime(sec.passwordChangedAt, me?.user.timeZone) : 'Never' },
          ]} />
        </PageCard>
      )}
    </DashboardPage>
  );
}
