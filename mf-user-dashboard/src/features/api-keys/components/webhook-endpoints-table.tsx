import { useState } from 'react';
import { notify, useApi, useApiMutation, useSessionUser } from 'shared-auth';
import { contract, type WebhookEndpoint } from 'shared-contracts';
import { Button, DataTable, Flex, Popconfirm, actionColumn, formatDateTime, type TableColumnsType } from 'shared-ui';

/** The account's endpoints, each with "Send test event" and "Remove". */
export function WebhookEndpointsTable() {
  const user = useSessionUser();
  const timeZone = user?.timeZone ?? 'UTC';
  const endpoints = useApi(contract.webhook.list, user ? {} : null);
  const sendTest = useApiMutation(contract.webhook.sendTest, { invalidates: [contract.webhook.deliveries] });
  const remove = useApiMutation(contract.webhook.delete, { invalidates: [contract.webhook.list, contract.webhook.deliveries] });
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (endpoint: WebhookEndpoint, action: 'test' | 'remove') => {
    setBusy(`${action}:${endpoint.id}`);
    try {
      if (action === 'test') await sendTest.trigger({ params: { id: endpoint.id } });
      else await remove.trigger({ params: { id: endpoint.id } });
      notify.success(action === 'test' ? `Test event sent to ${endpoint.url}` : `${endpoint.url} removed`);
    } catch (error) {
      notify.error(error);
    } finally {
      setBusy(null);
    }
  };

  const columns: TableColumnsType<WebhookEndpoint> = [
    { title: 'URL', dataIndex: 'url', key: 'url' },
    { title: 'Events', key: 'events', render: (_, e) => e.events.join(', ') },
    { title: 'Secret', key: 'secret', render: (_, e) => `${e.secretPrefix}…` },
    { title: 'Added', key: 'created', render: (_, e) => formatDateTime(e.createdAt, timeZone) },
    actionColumn({
      title: 'Action',
      key: 'action',
      render: (_, e) => (
        <Flex gap={8}>
          <Button aria-label={`Send test event to ${e.url}`} loading={busy === `test:${e.id}`} onClick={() => void run(e, 'test')}>Send test event</Button>
          <Popconfirm title={`Remove ${e.url}?`} description="It will get no further events." okText="Remove" okButtonProps={{ danger: true }} onConfirm={() => run(e, 'remove')}>
            <Button danger aria-label={`Remove ${e.url}`} loading={busy === `remove:${e.id}`}>Remove</Button>
          </Popconfirm>
        </Flex>
      ),
    }),
  ];

  return (
    <DataTable<WebhookEndpoint> label="Webhook endpoints" rowKey="id" columns={columns} rows={endpoints.data?.data} loading={endpoints.isLoading}
      error={endpoints.error?.message} onRetry={() => void endpoints.mutate()} emptyText="No webhook endpoints yet" />
  );
}
