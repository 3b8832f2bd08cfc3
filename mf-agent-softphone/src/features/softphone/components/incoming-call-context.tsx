import type { IncomingCallContext } from 'shared-contracts';
import { Typography } from 'shared-ui';

const speaker = (authorType: IncomingCallContext['transcript'][number]['authorType'], context: IncomingCallContext) => {
  if (authorType === 'ai') return context.aiAgentName ?? 'AI agent';
  if (authorType === 'lead') return context.callerName ?? 'Caller';
  return authorType === 'agent' ? 'Agent' : 'System';
};

/** What the agent should know before answering: the caller's name, why an AI agent handed them over, what was said. */
export function IncomingCallContextView({ context }: { context: IncomingCallContext }) {
  const reason = context.reason?.trim() ?? '';
  return (
    <div style={{ marginTop: 12 }}>
      {context.callerName && <Typography.Text strong style={{ display: 'block' }}>{context.callerName}</Typography.Text>}
      {context.aiAgentName && (
        <Typography.Paragraph style={{ margin: '4px 0 0' }}>
          Transferred by {context.aiAgentName}{reason ? `: ${reason}` : ''}
        </Typography.Paragraph>
      )}
      {context.transcript.length > 0 && (
        <div
          role="region"
          aria-label="Transcript so far"
          tabIndex={0}
          style={{ marginTop: 8, maxHeight: 200, overflowY: 'auto', padding: 8, background: '#fafafa', borderRadius: 8 }}
        >
          {context.transcript.map((turn, i) => (
            <p key={i} style={{ margin: '0 0 6px' }}>
              <Typography.Text strong>{speaker(turn.authorType, context)}: </Typography.Text>
              {turn.content}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}
