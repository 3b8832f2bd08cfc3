import type { CalendarIntegrationRef } from 'shared-contracts';
import { integrationName } from 'shared-contracts';
import { Button, Empty, Flex, Popconfirm, Typography } from 'shared-ui';

interface CalendarListProps {
  calendars: readonly CalendarIntegrationRef[];
  busy: string | null;
  disabled: boolean;
  onRemove: (calendar: CalendarIntegrationRef) => void;
  onRemoveAll: () => void;
}

/** The connected calendars AI agents may book into, each removable, or all at once. */
export function CalendarList({ calendars, busy, disabled, onRemove, onRemoveAll }: CalendarListProps) {
  if (calendars.length === 0) return <Empty description="No calendars connected. Connect one above." image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <>
      <ul aria-label="Connected calendars" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {calendars.map((c) => (
          <li key={c.id} style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
            <Flex justify="space-between" align="center" gap={16}>
              <div>
                <Typography.Text strong>{integrationName(c.provider)}</Typography.Text>
                {c.accountLabel && <Typography.Text type="secondary" style={{ display: 'block' }}>{c.accountLabel}</Typography.Text>}
              </div>
              <Button danger size="small" aria-label={`Remove ${integrationName(c.provider)}`} loading={busy === c.id} disabled={disabled} onClick={() => onRemove(c)}>
                Remove
              </Button>
            </Flex>
          </li>
        ))}
      </ul>
      <Flex justify="end" style={{ marginTop: 8 }}>
        <Popconfirm title="Disconnect every calendar?" okText="Disconnect all" okButtonProps={{ danger: true }} onConfirm={onRemoveAll}>
          <Button danger disabled={disabled} loading={busy === 'all'}>Disconnect all calendars</Button>
        </Popconfirm>
      </Flex>
    </>
  );
}
