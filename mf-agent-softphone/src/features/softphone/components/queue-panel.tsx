import { SOFTPHONE_TEXT, type QueueEntry } from 'shared-contracts';
import { Button, PhoneOutlined, Typography } from 'shared-ui';

interface Props {
  queue: QueueEntry[];
  onCall: (entry: QueueEntry) => void;
  /** Only the first number may be called, and only when idle (the hook explains why not). */
  canCallFirst: boolean;
}

export function QueuePanel({ queue, onCall, canCallFirst }: Props) {
  return (
    <section aria-label={SOFTPHONE_TEXT.queueTitle} style={{ padding: 12 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>{SOFTPHONE_TEXT.queueTitle}</Typography.Title>
      {queue.length === 0 ? (
        <Typography.Text type="secondary">{SOFTPHONE_TEXT.queueEmpty}</Typography.Text>
      ) : (
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {queue.map((entry, index) => (
            <li key={entry.id} style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, padding: '6px 0' }}>
              <span>
                {entry.callerName ? `${entry.callerName} · ` : ''}{entry.phoneNumber}
                {index === 0 && <Typography.Text strong> {SOFTPHONE_TEXT.queueNext}</Typography.Text>}
              </span>
              <Button
                size="small"
                icon={<PhoneOutlined />}
                aria-label={`Call ${entry.phoneNumber}`}
                type={index === 0 && canCallFirst ? 'primary' : 'default'}
                onClick={() => onCall(entry)}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
