import { Empty, LoadError, LoadingBlock, PageCard } from 'shared-ui';
import { useLiveHumanAgents } from '../hooks/use-live-human-agents';
import { useNow } from '../hooks/use-now';
import { HumanAgentItem } from './human-agent-item';
import type { OverviewState } from '../model/overview-state';

export function HumanAgentsCard({ overview, error, onRetry }: OverviewState) {
  const agents = useLiveHumanAgents(overview?.humanAgents ?? []);
  // One clock for the whole list, ticking only while someone's busy time is shown.
  const now = useNow(agents.some((a) => a.busyFrom !== null));

  return (
    <PageCard title="Human agents">
      {error ? (
        <LoadError error={error} onRetry={onRetry} />
      ) : !overview ? (
        <LoadingBlock label="Loading human agents…" />
      ) : agents.length === 0 ? (
        <Empty description="No human agents yet" />
      ) : (
        <ul aria-label="Human agents" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {agents.map((agent) => (
            <HumanAgentItem key={agent.agentId} agent={agent} now={now} />
          ))}
        </ul>
      )}
    </PageCard>
  );
}
