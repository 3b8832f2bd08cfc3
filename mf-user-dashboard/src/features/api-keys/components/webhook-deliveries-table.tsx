import { useApi, useSessionUser } from 'shared-auth';
import { contract, type WebhookDelivery } from 'shared-contracts';
import { Button, DataTable, StatusTag, Typography, formatDateTime, type TableColumnsType } from 'shared-ui';

/** Pending deliveries are being tried: the log refreshes itself until they settle. */
const REFRESH_MS = 5_000;

const STATUS_LABELS: Record<WebhookDelivery['status'], string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed, retrying' };

/** The latest deliveries: what was sent where, how many attempts, and what the endpoint last answered. */
export function WebhookDeliveriesTable() {
  const user = useSessionUser();
  const timeZone = user?.timeZone ?? 'UTC';
  const deliveries = useApi(contract.webhook.deliveries, user ? {} : null, {
    refreshInterval: (latest) => (latest?.data.some((d) => d.status !== 'delivered') ? REFRESH_MS : 0),
  });

  const columns: TableColumnsType<WebhookDelivery> = [
    { title: 'Event', key: 'event', render: (_, d) => <Typography.Text code>{d.eventType}</Typography.Text> },
    { title: 'Endpoint', dataIndex: 'endpointUrl', key: 'endpoint' },
    { title: 'Status', key: 'status', render: (_, d) => <StatusTag status={d.status === 'delivered' ? 'completed' : d.status === 'failed' ? 'failed' : 'queued'} label={STATUS_LABELS[d.status]} /> },
    { title: 'Attempts', dataIndex: 'attempts', key: 'attempts' },
    { title: 'Last response', key: 'response', render: (_, d) => (d.lastStatusCode === null && d.lastResponse === null ? '—' : (
      <Typography.Text ellipsis={{ tooltip: d.lastResponse }} style={{ maxWidth: 320 }}>
        {[d.lastStatusCode ?? 'No answer', d.lastResponse].filter((part) => part !== null && part !== '').join(' · ')}
      </Typography.Text>
    )) },
    { title: 'Last attempt', key: 'at', render: (_, d) => (d.lastAttemptAt ? formatDateTime(d.lastAttemptAt, timeZone) : '—') },
  ];

  return (
    <>
      <Button onClick={() => void deliveries.mutate()} style={{ marginBottom: 12 }}>Refresh</Button>
      <DataTable<WebhookDelivery> label="Webhook deliveries" rowKey="id" columns={columns} rows={deliveries.data?.data} loading={deliveries.isLoading}
        error={deliveries.error?.message} onRetry={() => void deliveries.mutate()} emptyText="No deliveries yet" />
    </>
  );
}
