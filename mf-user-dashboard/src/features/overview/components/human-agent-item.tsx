import { AWAY_REASON_LABELS, formatDuration } from 'shared-contracts';
import { Flex, StatusTag, Typography } from 'shared-ui';
import type { HumanAgent } from '../hooks/use-live-human-agents';

const timeSince = (from: string, now: number) => formatDuration(Math.max(0, now - Date.parse(from)) / 1000);

/** The status as the team reads it: an away agent's reason beside the word. */
export const statusLabelOf = (agent: Pick<HumanAgent, 'status' | 'awayReason'>): string | undefined =>
  agent.status === 'away' && agent.awayReason ? `Away · ${AWAY_REASON_LABELS[agent.awayReason]}` : undefined;

export function HumanAgentItem({ agent, now }: { agent: HumanAgent; now: number }) {
  return (
    <li aria-label={agent.fullName} style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Flex justify="space-between" align="center" gap={12}>
        <Flex vertical>
          <Typography.Text strong>{agent.fullName}</Typography.Text>
          <Typography.Text type="secondary">{agent.agentNumber ?? 'No number'}</Typography.Text>
        </Flex>
        <Flex vertical align="flex-end" gap={4}>
          <StatusTag status={agent.status} label={statusLabelOf(agent)} />
          {/* The time in the status: a call's from when it began, any other from when the agent chose it. */}
          {agent.status === 'busy' && agent.busyFrom ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>busy for {timeSince(agent.busyFrom, now)}</Typography.Text>
          ) : agent.since && agent.status !== 'offline' ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{agent.status} for {timeSince(agent.since, now)}</Typography.Text>
          ) : null}
        </Flex>
      </Flex>
    </li>
  );
}
