import { Link } from 'react-router-dom';
import { extractErrorText } from 'shared-contracts';
import { DashboardPage, Descriptions, LoadError, PageCard, Tag, formatDateTime } from 'shared-ui';
import { ROLE_LABELS } from '../auth/role-labels';
import { useAccountData } from './use-current-user';

/** dashboard/account/overview: who is signed in and how the account is protected (every role). */
export function AccountOverviewPage() {
  const { current, security } = useAccountData();
  const error = current.error ?? security.error;
  const retry = () => {
    void current.mutate();
    void security.mutate();
  };
  const me = current.data?.data;
  const sec = security.data?.data;
  return (
    <DashboardPage title="Account Overview" loading={current.isLoading || security.isLoading}>
      {error && <LoadError error={extractErrorText(error)} onRetry={retry} />}
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
