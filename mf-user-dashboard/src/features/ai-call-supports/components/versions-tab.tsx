import { useState } from 'react';
import { notify, useApi, useApiMutation, useSessionUser } from 'shared-auth';
import {
  AGENT_SETTING_LABELS, AGENT_SETTING_NAMES, contract, type AgentSettingName, type AgentSettings, type AgentVersionSummary, type AiAgent,
} from 'shared-contracts';
import {
  Button, Checkbox, Empty, Flex, LoadError, LoadingBlock, PageCard, Popconfirm, Tag, Typography, formatDateTime,
} from 'shared-ui';
import { AGENT_READS } from '../api/agent-endpoints';

/** Restoring changes the agent and its history. */
const RESTORE_INVALIDATES = [...AGENT_READS, contract.agentVersion.getAgentVersions] as const;

const labelOf = (name: string) => AGENT_SETTING_LABELS[name as AgentSettingName] ?? name;

/** What a version changed, in words. */
function changedText(v: AgentVersionSummary): string {
  if (v.changed.length === 0) return 'Settings when the version history began';
  if (v.changed.length === AGENT_SETTING_NAMES.length) return 'First version';
  return `Changed: ${v.changed.map(labelOf).join(', ')}`;
}

const savedByText = (v: AgentVersionSummary, timeZone: string) =>
  `${v.savedBy ? `Saved by ${v.savedBy.name}` : 'Saved before the version history'} · ${formatDateTime(v.createdAt, timeZone)}`;

const namesOf = (items: Array<{ name: string }>) => (items.length === 0 ? 'None' : items.map((i) => i.name).join(', '));

/** A setting's value as a person reads it. */
function valueText(name: AgentSettingName, settings: AgentSettings): string {
  const value = settings[name];
  if (value === null || value === undefined) return 'Not set';
  switch (name) {
    case 'recordCalls': return settings.recordCalls ? 'On' : 'Off';
    case 'maxCallMinutes': return `${settings.maxCallMinutes} minutes`;
    case 'maxReplyTokens': return `${settings.maxReplyTokens} tokens`;
    case 'workingHours': return settings.workingHours ? `${settings.workingHours.days.join(', ')}, ${settings.workingHours.start}–${settings.workingHours.end}` : 'Not set';
    case 'bookingRules': {
      const r = settings.bookingRules;
      return r ? `${r.slotMinutes}-minute slots, ${r.bufferMinutes} minutes between, up to ${r.maxDaysAhead} days ahead` : 'Not set';
    }
    case 'customTools': return namesOf(settings.customTools);
    case 'analysisFields': return namesOf(settings.analysisFields);
    default: return typeof value === 'string' ? (value === '' ? 'Empty' : value) : JSON.stringify(value);
  }
}

/** The settings that differ between two versions, side by side, the older on the left. */
function VersionComparison({ agentId, versions }: { agentId: string; versions: [number, number] }) {
  const [older, newer] = [...versions].sort((a, b) => a - b) as [number, number];
  const left = useApi(contract.agentVersion.getAgentVersion, { params: { agentId }, query: { version: older } });
  const right = useApi(contract.agentVersion.getAgentVersion, { params: { agentId }, query: { version: newer } });
  const error = left.error ?? right.error;
  if (error) return <LoadError error={error.message} onRetry={() => { void left.mutate(); void right.mutate(); }} />;
  if (!left.data || !right.data) return <LoadingBlock label="Loading the versions…" />;
  const a = left.data.data.settings;
  const b = right.data.data.settings;
  const differ = AGENT_SETTING_NAMES.filter((name) => JSON.stringify(a[name]) !== JSON.stringify(b[name]));
  if (differ.length === 0) return <Typography.Paragraph>Versions {older} and {newer} have the same settings.</Typography.Paragraph>;
  const cell = { padding: '6px 8px', borderTop: '1px solid #f0f0f0', verticalAlign: 'top', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
  return (
    <table aria-label={`Version ${older} and version ${newer} compared`} style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
      <thead>
        <tr>
          <th style={{ ...cell, width: '20%', textAlign: 'left' }}>Setting</th>
          <th style={{ ...cell, textAlign: 'left' }}>Version {older}</th>
          <th style={{ ...cell, textAlign: 'left' }}>Version {newer}</th>
        </tr>
      </thead>
      <tbody>
        {differ.map((name) => (
          <tr key={name}>
            <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 500 }}>{AGENT_SETTING_LABELS[name]}</th>
            <td style={cell}>{valueText(name, a)}</td>
            <td style={cell}>{valueText(name, b)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * An agent's versions: each saved change with who saved it, when and what it changed; two picked
 * are compared setting by setting, and an earlier one can be restored (as a new version).
 */
export function VersionsTab({ agent }: { agent: AiAgent }) {
  const timeZone = useSessionUser()?.timeZone ?? 'UTC';
  const versions = useApi(contract.agentVersion.getAgentVersions, { params: { agentId: agent.id } });
  const restore = useApiMutation(contract.agentVersion.restoreAgentVersion, { invalidates: RESTORE_INVALIDATES });
  const [picked, setPicked] = useState<number[]>([]);

  // Two at most: a third pick replaces the earlier of the two.
  const toggle = (version: number, on: boolean) =>
    setPicked((now) => (on ? [...now, version].slice(-2) : now.filter((v) => v !== version)));

  const restoreVersion = async (version: number) => {
    try {
      const restored = await restore.trigger({ params: { agentId: agent.id }, body: { version } });
      notify.success(`Version ${version} restored as version ${restored.data.version}`);
    } catch (error) {
      notify.error(error);
    }
  };

  const list = versions.data?.data ?? [];
  return (
    <>
      <PageCard title="Versions">
        {versions.error && <LoadError error={versions.error.message} onRetry={() => void versions.mutate()} />}
        {versions.isLoading && <LoadingBlock label="Loading versions…" />}
        {versions.data && list.length === 0 && <Empty description="No versions yet" />}
        {list.length > 0 && (
          <>
            <Typography.Paragraph type="secondary">Pick two versions to compare their settings.</Typography.Paragraph>
            <ul aria-label="Versions" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.map((v) => (
                <li key={v.version} aria-label={`Version ${v.version}`} style={{ padding: '10px 0', borderTop: '1px solid #f0f0f0' }}>
                  <Flex justify="space-between" align="start" gap={8}>
                    <Flex gap={12} align="start">
                      <Checkbox
                        aria-label={`Compare version ${v.version}`}
                        checked={picked.includes(v.version)}
                        onChange={(e) => toggle(v.version, e.target.checked)}
                      />
                      <div>
                        <Typography.Text strong>Version {v.version}</Typography.Text>
                        {v.current && <Tag color="green" style={{ marginLeft: 8 }}>Current</Tag>}
                        <Typography.Paragraph style={{ margin: 0 }}>{changedText(v)}</Typography.Paragraph>
                        <Typography.Text type="secondary">{savedByText(v, timeZone)}</Typography.Text>
                      </div>
                    </Flex>
                    {!v.current && (
                      <Popconfirm
                        title={`Restore version ${v.version}?`}
                        description="The agent gets this version's settings as a new version; the history stays."
                        okText="Restore"
                        onConfirm={() => restoreVersion(v.version)}
                      >
                        <Button aria-label={`Restore version ${v.version}`} loading={restore.isMutating}>Restore</Button>
                      </Popconfirm>
                    )}
                  </Flex>
                </li>
              ))}
            </ul>
          </>
        )}
      </PageCard>
      {picked.length === 2 && (
        <PageCard title="Comparison">
          <VersionComparison agentId={agent.id} versions={picked as [number, number]} />
        </PageCard>
      )}
    </>
  );
}
