import { useState } from 'react';
import { notify, useApi, useApiMutation, useSessionUser } from 'shared-auth';
import { contract, type AgentTestRun, type AgentTestScenario, type AiAgent } from 'shared-contracts';
import {
  Button, DeleteOutlined, EditOutlined, Empty, Flex, LoadError, LoadingBlock, PageCard, PlusOutlined, Popconfirm, Tag, Typography, formatDateTime,
} from 'shared-ui';
import { EMPTY_SCENARIO, expectationText, scenarioToValues } from '../model/test-scenario-values';
import { ScenarioFormModal } from './scenario-form-modal';
import { RUN_STATUS, TestRunResults } from './test-run-results';

const SCENARIO_READS = [contract.agentTest.getTestScenarios] as const;
const RUN_READS = [contract.agentTest.getTestRuns, contract.agentTest.getTestRun] as const;
/** How often a queued or running run is read again. */
const RUN_POLL_MS = 1_000;

const unfinished = (run: AgentTestRun | undefined) => run !== undefined && (run.status === 'queued' || run.status === 'running');

const stepText = (step: AgentTestScenario['script'][number]) => ('say' in step ? `“${step.say}”` : `presses ${step.keypad}`);

function ScenarioList({ scenarios, onEdit, onDelete }: {
  scenarios: AgentTestScenario[]; onEdit: (s: AgentTestScenario) => void; onDelete: (s: AgentTestScenario) => Promise<void>;
}) {
  return (
    <ul aria-label="Scenarios" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {scenarios.map((s) => (
        <li key={s.id} aria-label={s.name} style={{ padding: '10px 0', borderTop: '1px solid #f0f0f0' }}>
          <Flex justify="space-between" align="start" gap={8}>
            <div>
              <Typography.Text strong>{s.name}</Typography.Text>
              <Typography.Paragraph type="secondary" style={{ margin: 0 }} ellipsis={{ rows: 2 }}>
                Caller: {s.script.map(stepText).join(' · ')}
              </Typography.Paragraph>
              <Typography.Paragraph style={{ margin: 0 }}>Expects: {s.expectations.map(expectationText).join('; ')}</Typography.Paragraph>
            </div>
            <Flex gap={4} style={{ flex: 'none' }}>
              <Button aria-label={`Edit ${s.name}`} icon={<EditOutlined />} onClick={() => onEdit(s)} />
              <Popconfirm title={`Remove “${s.name}”?`} okText="Remove" onConfirm={() => onDelete(s)}>
                <Button aria-label={`Remove ${s.name}`} icon={<DeleteOutlined />} />
              </Popconfirm>
            </Flex>
          </Flex>
        </li>
      ))}
    </ul>
  );
}

/**
 * An agent's tests: scenarios (a scripted caller and what the agent must do), "Run all" against
 * the agent as it is now saved, each run's results as they come in, and the run history.
 */
export function TestsTab({ agent }: { agent: AiAgent }) {
  const timeZone = useSessionUser()?.timeZone ?? 'UTC';
  const params = { params: { agentId: agent.id } };
  const scenarios = useApi(contract.agentTest.getTestScenarios, params);
  const runs = useApi(contract.agentTest.getTestRuns, params);
  const [selectedRunId, setSelectedRunId] = useState<string | null>(null);
  const runId = selectedRunId ?? runs.data?.data[0]?.id ?? null;
  const run = useApi(contract.agentTest.getTestRun, runId ? { params: { runId } } : null, {
    refreshInterval: (latest) => (unfinished(latest?.data) ? RUN_POLL_MS : 0),
    onSuccess: (latest) => { if (!unfinished(latest.data)) void runs.mutate(); },
  });
  const create = useApiMutation(contract.agentTest.createTestScenario, { invalidates: SCENARIO_READS });
  const update = useApiMutation(contract.agentTest.updateTestScenario, { invalidates: SCENARIO_READS });
  const remove = useApiMutation(contract.agentTest.deleteTestScenario, { invalidates: SCENARIO_READS });
  const suggest = useApiMutation(contract.agentTest.addSuggestedTestScenarios, { invalidates: SCENARIO_READS });
  const start = useApiMutation(contract.agentTest.runAgentTests, { invalidates: RUN_READS });
  const cancel = useApiMutation(contract.agentTest.cancelTestRun, { invalidates: RUN_READS });
  const [editing, setEditing] = useState<AgentTestScenario | 'new' | null>(null);

  const list = scenarios.data?.data ?? [];
  const current = run.data?.data;
  const busy = unfinished(current);

  const runAll = async () => {
    try {
      const started = await start.trigger(params);
      setSelectedRunId(started.data.id);
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <>
      <PageCard
        title="Scenarios"
        extra={(
          <Flex gap={8}>
            <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>Add scenario</Button>
            <Button type="primary" onClick={() => void runAll()} loading={start.isMutating} disabled={list.length === 0 || busy}>Run all</Button>
          </Flex>
        )}
      >
        {scenarios.error && <LoadError error={scenarios.error.message} onRetry={() => void scenarios.mutate()} />}
        {scenarios.isLoading && <LoadingBlock label="Loading scenarios…" />}
        {scenarios.data && list.length === 0 && (
          <Empty description="No scenarios yet">
            <Button onClick={() => void suggest.trigger(params).catch((e: unknown) => notify.error(e))} loading={suggest.isMutating}>
              Add suggested scenarios
            </Button>
          </Empty>
        )}
        {list.length > 0 && (
          <ScenarioList
            scenarios={list}
            onEdit={setEditing}
            onDelete={async (s) => {
              await remove.trigger({ params: { scenarioId: s.id } });
              notify.success('Scenario removed');
            }}
          />
        )}
      </PageCard>
      {current && (
        <PageCard
          title={`Run of ${formatDateTime(current.createdAt, timeZone)}`}
          extra={busy && (
            <Button danger onClick={() => void cancel.trigger({ params: { runId: current.id } }).catch((e: unknown) => notify.error(e))}>
              Cancel run
            </Button>
          )}
        >
          <TestRunResults run={current} />
        </PageCard>
      )}
      {(runs.data?.data.length ?? 0) > 1 && (
        <PageCard title="Run history">
          <ul aria-label="Run history" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {runs.data!.data.map((r) => (
              <li key={r.id}>
                <Button type="link" onClick={() => setSelectedRunId(r.id)} aria-current={r.id === runId ? 'true' : undefined}>
                  {formatDateTime(r.createdAt, timeZone)}
                </Button>
                <Tag color={RUN_STATUS[r.status].color}>{RUN_STATUS[r.status].text}</Tag>
                <Typography.Text type="secondary">{r.passed} passed, {r.failed} failed · version {r.agentVersion}</Typography.Text>
              </li>
            ))}
          </ul>
        </PageCard>
      )}
      {editing && (
        <ScenarioFormModal
          title={editing === 'new' ? 'Add scenario' : `Edit ${editing.name}`}
          initialValues={editing === 'new' ? EMPTY_SCENARIO : scenarioToValues(editing)}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            if (editing === 'new') await create.trigger({ ...params, body });
            else await update.trigger({ params: { scenarioId: editing.id }, body });
            notify.success('Scenario saved');
          }}
        />
      )}
    </>
  );
}
