import type { SmsPayload } from 'shared-contracts';
import { formatDateTime, LoadError, Spin, Typography } from 'shared-ui';

interface Props {
  messages: SmsPayload[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  timeZone: string | undefined;
}

/** One thread, oldest first. Content is plain text: HTML in a message is shown, never rendered. */
export function MessageThread({ messages, loading, error, onRetry, timeZone }: Props) {
  if (error !== null) return <LoadError error={error} onRetry={onRetry} />;
  if (messages === undefined) return loading ? <Spin /> : null;
  return (
    <ol aria-label="Messages" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8, maxHeight: 420, overflowY: 'auto' }}>
      {messages.map((message) => {
        const mine = message.direction === 'outbound';
        return (
          <li key={message.id} style={{ justifySelf: mine ? 'end' : 'start', maxWidth: '75%' }}>
            <div style={{ background: mine ? '#1677ff' : '#f0f0f0', color: mine ? '#fff' : 'inherit', borderRadius: 10, padding: '6px 10px', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.content}
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(message.createdAt, timeZone)}{mine ? ` · ${message.status}` : ''}
            </Typography.Text>
          </li>
        );
      })}
    </ol>
  );
}
