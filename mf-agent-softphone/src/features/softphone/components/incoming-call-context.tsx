import type { CallResult, IncomingCallContext } from 'shared-contracts';
import { formatDateTime, Typography } from 'shared-ui';

const OUTCOME_TEXT: Record<CallResult, string> = {
  'appointment-booked': 'appointment booked', transferred: 'transferred', answered: 'answered', unresolved: 'unresolved',
};

const speaker = (authorType: IncomingCallContext['transcript'][number]['authorType'], context: IncomingCallContext) => {
  if (authorType === 'ai') return context.aiAgentName ?? 'AI agent';
  if (authorType === 'lead') return context.callerName ?? 'Caller';
  return authorType === 'agent' ? 'Agent' : 'System';
};

/**
 * What the agent should know before answering: the caller's name, why an AI agent handed them
 * over, what was said, and what the caller's earlier calls were about.
 */
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
      {context.previousCalls.length > 0 && (
        <section aria-label="Earlier calls" style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">Earlier calls</Typography.Text>
          <ul style={{ listStyle: 'none', margin: '4px 0 0', padding: 0 }}>
            {context.previousCalls.map((earlier) => (
              <li key={earlier.id} style={{ padding: '4px 0', borderTop: '1px solid #f0f0f0' }}>
                <Typography.Text strong style={{ fontSize: 12 }}>
                  {formatDateTime(earlier.startedAt)}{earlier.aiAgentName ? ` · ${earlier.aiAgentName}` : ''}{earlier.outcome ? ` · ${OUTCOME_TEXT[earlier.outcome]}` : ''}
                </Typography.Text>
                <Typography.Paragraph style={{ margin: 0, fontSize: 12 }}>{earlier.summary ?? 'No summary'}</Typography.Paragraph>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
