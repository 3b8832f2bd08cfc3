import type { SmsThread } from 'shared-contracts';
import { Empty, Input, LoadError, Spin, Typography } from 'shared-ui';

interface Props {
  threads: SmsThread[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  search: string;
  onSearch: (text: string) => void;
  openId: string | null;
  onOpen: (thread: SmsThread) => void;
}

export function ThreadList({ threads, loading, error, onRetry, search, onSearch, openId, onOpen }: Props) {
  return (
    <nav aria-label="Conversations">
      <Input.Search aria-label="Search conversations" placeholder="Search by number, name or text" allowClear value={search}
        onChange={(event) => onSearch(event.target.value)} style={{ marginBottom: 8 }} />
      {error !== null ? <LoadError error={error} onRetry={onRetry} /> : null}
      {error === null && threads === undefined && loading && <Spin />}
      {threads?.length === 0 && <Empty description={search.trim() ? 'No conversations match' : 'No conversations yet'} />}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {threads?.map((thread) => (
          <li key={thread.conversationId}>
            <button
              type="button"
              aria-current={thread.conversationId === openId ? 'true' : undefined}
              onClick={() => onOpen(thread)}
              style={{
                width: '100%', textAlign: 'left', border: 0, borderRadius: 6, padding: '8px 10px', cursor: 'pointer',
                background: thread.conversationId === openId ? '#e6f4ff' : 'transparent',
              }}
            >
              <Typography.Text strong>{thread.lead?.fullName ?? thread.leadNumber}</Typography.Text>
              {thread.lead && <Typography.Text type="secondary"> {thread.leadNumber}</Typography.Text>}
              {/* Message text is rendered as text: any HTML in it shows as typed, never as markup. */}
              <Typography.Paragraph type="secondary" ellipsis style={{ margin: 0 }}>{thread.lastMessage ?? ''}</Typography.Paragraph>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
