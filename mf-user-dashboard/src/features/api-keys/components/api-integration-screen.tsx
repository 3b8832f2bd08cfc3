import { useState } from 'react';
import { notify, useApi, useApiMutation, useSessionUser } from 'shared-auth';
import { contract, type ApiKey } from 'shared-contracts';
import { Button, DashboardPage, DataTable, PageCard, Popconfirm, StatusTag, actionColumn, formatDateTime, type TableColumnsType } from 'shared-ui';
import { ApiQuickStart } from './api-quick-start';
import { CreateKeyForm } from './create-key-form';
import { WebhooksSection } from './webhooks-section';

const stateOf = (key: ApiKey): 'active' | 'revoked' | 'expired' => {
  if (key.revokedAt) return 'revoked';
  return key.expiresAt && Date.parse(key.expiresAt) <= Date.now() ? 'expired' : 'active';
};

/** dashboard/account/api-integration: keys for our public API. */
export function ApiIntegrationScreen() {
  const user = useSessionUser();
  const timeZone = user?.timeZone ?? 'UTC';
  const keys = useApi(contract.apiKey.list, user ? {} : null);
  const revoke = useApiMutation(contract.apiKey.revoke, { invalidates: [contract.apiKey.list] });
  const [revoking, setRevoking] = useState<string | null>(null);
  // Shown once, at creation: the form shows it to copy and the example request uses it.
  const [secret, setSecret] = useState<string | null>(null);

  const doRevoke = async (key: ApiKey) => {
    setRevoking(key.id);
    try {
      await revoke.trigger({ params: { id: key.id } });
      notify.success(`${key.name} revoked`);
    } catch (error) {
      notify.error(error);
    } finally {
      setRevoking(null);
    }
  };

  const columns: TableColumnsType<ApiKey> = [
    { title: 'Name', dataIndex: 'name', key: 'name' },
    { title: 'Key', key: 'prefix', render: (_, k) => `${k.prefix}…` },
    { title: 'Created', key: 'created', render: (_, k) => formatDateTime(k.createdAt, timeZone) },
    { title: 'Expires', key: 'expires', render: (_, k) => (k.expiresAt ? formatDateTime(k.expiresAt, timeZone) : 'Never') },
    { title: 'Last used', key: 'used', render: (_, k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt, timeZone) : 'Never') },
    { title: 'Status', key: 'status', render: (_, k) => { const s = stateOf(k); return <StatusTag status={s === 'active' ? 'active' : 'offline'} label={s[0]!.toUpperCase() + s.slice(1)} />; } },
    actionColumn({
      title: 'Action',
      key: 'action',
      render: (_, k) => (stateOf(k) === 'active' ? (
        <Popconfirm title={`Revoke ${k.name}?`} description="Requests with this key will fail from now on." okText="Revoke" okButtonProps={{ danger: true }} onConfirm={() => doRevoke(k)}>
          <Button danger aria-label={`Revoke ${k.name}`} loading={revoking === k.id}>Revoke</Button>
        </Popconfirm>
      ) : null),
    }),
  ];

  return (
    <DashboardPage title="API Integration" loading={!user}>
      {user && <PageCard title="Public API"><ApiQuickStart secret={secret} accountId={user.accountId} /></PageCard>}
      <PageCard title="Create an API key"><CreateKeyForm secret={secret} onSecret={setSecret} /></PageCard>
      <PageCard title="Your API keys">
        <DataTable<ApiKey> label="API keys" rowKey="id" columns={columns} rows={keys.data?.data} loading={keys.isLoading}
          error={keys.error?.message} onRetry={() => void keys.mutate()} emptyText="No API keys yet" />
      </PageCard>
      <WebhooksSection />
    </DashboardPage>
  );
}
