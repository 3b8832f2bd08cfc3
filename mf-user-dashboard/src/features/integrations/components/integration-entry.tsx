import type { IntegrationCatalogEntry, IntegrationConnection } from 'shared-contracts';
import { Button, Flex, Popconfirm, StatusTag, Typography } from 'shared-ui';

interface IntegrationEntryProps {
  entry: IntegrationCatalogEntry;
  connection: IntegrationConnection | undefined;
  busy: boolean;
  /** While the connections could not be read, nothing can be changed. */
  disabled: boolean;
  onConnect: () => void;
  onDisconnect: (connection: IntegrationConnection) => void;
}

/** One offered integration: what it does, whether it is connected, and the action. */
export function IntegrationEntry({ entry, connection, busy, disabled, onConnect, onDisconnect }: IntegrationEntryProps) {
  return (
    <Flex role="group" aria-label={entry.name} justify="space-between" align="center" gap={16} wrap style={{ padding: '12px 0' }}>
      <div style={{ flex: '1 1 320px' }}>
        <Typography.Text strong>{entry.name}</Typography.Text>{' '}
        {connection
          ? <StatusTag status={connection.status === 'active' ? 'active' : 'failed'} label={connection.status === 'active' ? 'Connected' : 'Reconnect needed'} />
          : <StatusTag status="offline" label="Not connected" />}
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {entry.description}
          {connection?.accountLabel ? ` (${connection.accountLabel})` : ''}
        </Typography.Paragraph>
      </div>
      {connection ? (
        <Popconfirm title={`Disconnect ${entry.name}?`} description="Its stored credentials are deleted." okText="Disconnect" okButtonProps={{ danger: true }} onConfirm={() => onDisconnect(connection)}>
          <Button danger aria-label={`Disconnect ${entry.name}`} loading={busy} disabled={disabled}>Disconnect</Button>
        </Popconfirm>
      ) : (
        <Button type="primary" aria-label={`Connect ${entry.name}`} loading={busy} disabled={disabled} onClick={onConnect}>Connect</Button>
      )}
    </Flex>
  );
}
