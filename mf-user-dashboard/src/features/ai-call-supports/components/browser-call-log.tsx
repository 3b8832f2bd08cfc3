import { useEffect, useRef } from 'react';
import { Typography } from 'shared-ui';
import type { CallLine } from '../hooks/use-browser-call';

/**
 * The conversation so far, announced as it grows. While the agent's reply streams in, the log is
 * busy, so a screen reader reads the finished line once instead of every token.
 */
export function BrowserCallLog({ lines, agentName, replying }: { lines: CallLine[]; agentName: string; replying: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  // The newest line stays in view, as in a chat.
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lines]);
  return (
    <div
      ref={box}
      role="log"
      aria-live="polite"
      aria-label="Conversation"
      aria-busy={replying}
      tabIndex={0}
      style={{ maxHeight: 280, overflowY: 'auto', padding: 8, background: '#fafafa', borderRadius: 8 }}
    >
      {lines.length === 0 && <Typography.Text type="secondary">Waiting for the agent…</Typography.Text>}
      {lines.map((l) => (
        <p key={l.id} style={{ margin: '0 0 8px', textAlign: l.speaker === 'caller' ? 'right' : 'left' }}>
          <Typography.Text strong>{l.speaker === 'caller' ? 'You' : agentName}: </Typography.Text>
          <span>{l.text}</span>
        </p>
      ))}
    </div>
  );
}
