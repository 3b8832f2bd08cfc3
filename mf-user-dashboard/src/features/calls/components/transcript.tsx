import type { ConversationMessage } from 'shared-contracts';
import { Flex, Typography, formatDateTime } from 'shared-ui';

const speaker = (m: ConversationMessage) => {
  if (m.authorType === 'lead') return m.lead?.fullName ?? 'Caller';
  if (m.authorType === 'system') return 'System';
  return m.agent?.name ?? (m.authorType === 'ai' ? 'AI agent' : 'Agent');
};

/**
 * The call's turns as a chat: the caller on the left, the agents on the right. While the call is
 * live, new turns are announced as they arrive.
 */
export function Transcript({ messages, timeZone, live = false }: { messages: ConversationMessage[]; timeZone: string; live?: boolean }) {
  if (messages.length === 0) {
    return <Typography.Text type="secondary">{live ? 'Waiting for the first words…' : 'No transcript for this call'}</Typography.Text>;
  }
  return (
    <ol aria-label="Transcript" aria-live={live ? 'polite' : undefined} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {messages.map((m) => {
        const fromCaller = m.authorType === 'lead';
        return (
          <li key={m.id} aria-label={`${speaker(m)}: ${m.content}`} style={{ marginBottom: 12 }}>
            <Flex vertical align={fromCaller ? 'flex-start' : 'flex-end'}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {speaker(m)} · {formatDateTime(m.createdAt, timeZone)}
              </Typography.Text>
              <div style={{
                maxWidth: '70%', padding: '8px 12px', borderRadius: 12, marginTop: 2,
                background: fromCaller ? '#f0f0f0' : m.authorType === 'ai' ? '#e6f4ff' : '#f6ffed',
              }}>
                {m.content}
              </div>
            </Flex>
          </li>
        );
      })}
    </ol>
  );
}
