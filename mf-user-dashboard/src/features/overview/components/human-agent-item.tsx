import { presenceLabelOf, timeInStatusText } from 'shared-contracts';
import { Flex, StatusTag, Typography } from 'shared-ui';
import type { HumanAgent } from '../hooks/use-live-human-agents';

export function HumanAgentItem({ agent, now }: { agent: HumanAgent; now: number }) {
  return (
    <li aria-label={agent.fullName} style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Flex justify="space-between" align="center" gap={12}>
        <Flex vertical>
          <Typography.Text strong>{agent.fullName}</Typography.Text>
          <Typography.Text type="secondary">{agent.agentNumber ?? 'No number'}</Typography.Text>
        </Flex>
        <Flex vertical align="flex-end" gap={4}>
          <StatusTag status={agent.status} label={presenceLabelOf(agent) ?? undefined} />
          {timeInStatusText(agent, now) !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{timeInStatusText(agent, now)}</Typography.Text>
          )}
        </Flex>
      </Flex>
    </li>
  );
}
