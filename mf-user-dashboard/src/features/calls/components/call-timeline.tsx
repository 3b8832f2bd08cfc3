import { SLOW_TURN_MS, type CallTrace, type CallTraceTurnValue, type TraceToolCallValue } from 'shared-contracts';
import { Flex, Tag, Timeline, Typography } from 'shared-ui';

const seconds = (ms: number) => (ms < 1_000 ? `${ms} ms` : `${(ms / 1_000).toFixed(1)} s`);

const OUTCOME_LABELS: Record<TraceToolCallValue['outcome'], { text: string; color: string }> = {
  ok: { text: 'done', color: 'green' },
  refused: { text: 'refused', color: 'orange' },
  error: { text: 'failed', color: 'red' },
  timeout: { text: 'timed out', color: 'red' },
};
const HANDLED_LABELS: Record<NonNullable<CallTraceTurnValue['handledBy']>, string> = {
  transfer: 'Handed to a person',
  message: 'Taking a message',
  keypad: 'Keypad',
};

const argsText = (args: unknown) => (typeof args === 'string' ? args : JSON.stringify(args));

function ToolLine({ tool }: { tool: TraceToolCallValue }) {
  const outcome = OUTCOME_LABELS[tool.outcome];
  return (
    <li aria-label={`Tool ${tool.name}: ${outcome.text} in ${seconds(tool.durationMs)}`}>
      <Flex gap={6} wrap align="baseline">
        <Typography.Text code>{tool.name}</Typography.Text>
        <Tag color={outcome.color}>{outcome.text}</Tag>
        <Typography.Text type="secondary">{seconds(tool.durationMs)}{tool.httpStatus !== null ? ` · HTTP ${tool.httpStatus}` : ''}</Typography.Text>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12, wordBreak: 'break-word' }}>
        {argsText(tool.args)} → {tool.result}
      </Typography.Paragraph>
    </li>
  );
}

function TurnItem({ turn }: { turn: CallTraceTurnValue }) {
  const slow = turn.firstTokenMs !== null && turn.firstTokenMs >= SLOW_TURN_MS;
  return (
    <div aria-label={`Turn ${turn.index + 1}`}>
      <Typography.Text strong>“{turn.caller}”</Typography.Text>
      <Flex gap={6} wrap style={{ marginTop: 4 }}>
        {turn.firstTokenMs !== null && (
          <Tag color={slow ? 'red' : 'default'}>{slow ? 'Slow · ' : ''}first words {seconds(turn.firstTokenMs)}</Tag>
        )}
        {turn.lastTokenMs !== null && <Tag>reply done {seconds(turn.lastTokenMs)}</Tag>}
        {turn.firstAudioMs !== null && <Tag>first audio {seconds(turn.firstAudioMs)}</Tag>}
        {turn.handledBy && <Tag color="blue">{HANDLED_LABELS[turn.handledBy]}</Tag>}
        {turn.held && <Tag color="orange">Caller asked to hold</Tag>}
        {turn.fellBack && <Tag color="red">Fallback said</Tag>}
      </Flex>
      {turn.knowledge.passages.length > 0 && (
        <details style={{ marginTop: 4 }}>
          <summary>
            {turn.knowledge.passages.length === 1 ? '1 knowledge passage' : `${turn.knowledge.passages.length} knowledge passages`}
            {turn.knowledge.durationMs !== null ? ` (${seconds(turn.knowledge.durationMs)})` : ''}
          </summary>
          <ul style={{ margin: '4px 0', paddingLeft: 18 }}>
            {turn.knowledge.passages.map((p, i) => <li key={i}><Typography.Text type="secondary">{p}</Typography.Text></li>)}
          </ul>
        </details>
      )}
      {turn.tools.length > 0 && (
        <ul aria-label="Tools" style={{ listStyle: 'none', padding: 0, margin: '4px 0 0' }}>
          {turn.tools.map((tool, i) => <ToolLine key={i} tool={tool} />)}
        </ul>
      )}
      {turn.heardBeforeInterruption !== null && (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          Interrupted after: “{turn.heardBeforeInterruption}”
        </Typography.Paragraph>
      )}
    </div>
  );
}

/**
 * Inside the call, turn by turn: how long the caller waited for the first words, the knowledge
 * and tools each reply used, interruptions, and why the call ended.
 */
export function CallTimeline({ trace }: { trace: CallTrace }) {
  return (
    <section aria-label="Call timeline">
      <Typography.Paragraph type="secondary">
        Answered by {trace.responder || 'the agent'}{trace.agentVersion !== null ? ` · agent version ${trace.agentVersion}` : ''}
      </Typography.Paragraph>
      {trace.speechFallback !== null && (
        <Typography.Paragraph type="danger">
          Our speech pipeline handed the call to Twilio&apos;s voice: {trace.speechFallback}
        </Typography.Paragraph>
      )}
      {trace.turns.length === 0
        ? <Typography.Text type="secondary">The caller said nothing the agent answered</Typography.Text>
        : (
          <Timeline
            items={trace.turns.map((turn) => ({
              key: turn.index,
              color: turn.fellBack || (turn.firstTokenMs ?? 0) >= SLOW_TURN_MS ? 'red' : turn.handledBy ? 'blue' : 'green',
              content: <TurnItem turn={turn} />,
            }))}
          />
        )}
      {trace.endReason && <Typography.Text>Ended: {trace.endReason}</Typography.Text>}
    </section>
  );
}
