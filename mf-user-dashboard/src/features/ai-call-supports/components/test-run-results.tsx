import type { AgentTestResultValue, AgentTestRun } from 'shared-contracts';
import { Flex, Tag, Typography } from 'shared-ui';
import { CallTimeline } from '../../calls/components/call-timeline';
import { expectationText } from '../model/test-scenario-values';

export const RUN_STATUS: Record<AgentTestRun['status'], { text: string; color: string }> = {
  queued: { text: 'Queued', color: 'default' },
  running: { text: 'Running', color: 'processing' },
  passed: { text: 'Passed', color: 'green' },
  failed: { text: 'Failed', color: 'red' },
  cancelled: { text: 'Cancelled', color: 'default' },
};

function ResultItem({ result }: { result: AgentTestResultValue }) {
  return (
    <li aria-label={`${result.name}: ${result.passed ? 'passed' : 'failed'}`} style={{ padding: '12px 0', borderTop: '1px solid #f0f0f0' }}>
      <Flex gap={8} align="center" wrap>
        <Tag color={result.passed ? 'green' : 'red'}>{result.passed ? 'Pass' : 'Fail'}</Tag>
        <Typography.Text strong>{result.name}</Typography.Text>
        <Typography.Text type="secondary">{(result.durationMs / 1000).toFixed(1)} s</Typography.Text>
      </Flex>
      {result.error && <Typography.Paragraph type="danger" style={{ margin: '4px 0 0' }}>{result.error}</Typography.Paragraph>}
      <ul aria-label="Expectations" style={{ margin: '6px 0 0', paddingLeft: 18 }}>
        {result.expectations.map((e, i) => (
          <li key={i} data-passed={e.passed} style={e.passed ? undefined : { background: '#fff1f0', color: '#a8071a', fontWeight: 500 }}>
            {e.passed ? '✓' : '✗'} {expectationText(e.expectation)} — {e.detail}
          </li>
        ))}
      </ul>
      <details style={{ marginTop: 6 }}>
        <summary>Transcript and timeline</summary>
        <ol aria-label="Test transcript" style={{ paddingLeft: 18 }}>
          {result.transcript.map((line, i) => (
            <li key={i}><Typography.Text type={line.speaker === 'caller' ? 'secondary' : undefined}>
              {line.speaker === 'caller' ? 'Caller' : 'Agent'}: {line.text}
            </Typography.Text></li>
          ))}
        </ol>
        {result.trace && <CallTimeline trace={result.trace} />}
      </details>
    </li>
  );
}

/** One run: each scenario's pass or fail, the failed expectations highlighted, with what was said. */
export function TestRunResults({ run }: { run: AgentTestRun }) {
  const status = RUN_STATUS[run.status];
  const played = run.results.length;
  return (
    <section aria-label="Test run">
      <Flex gap={8} align="center" wrap>
        <Tag color={status.color}>{status.text}</Tag>
        <Typography.Text>
          {run.passed} passed, {run.failed} failed{played < run.total ? ` · ${played} of ${run.total} played` : ''} · agent version {run.agentVersion}
        </Typography.Text>
      </Flex>
      <ul aria-label="Results" style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
        {run.results.map((result) => <ResultItem key={result.scenarioId} result={result} />)}
      </ul>
    </section>
  );
}
