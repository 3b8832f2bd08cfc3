import { useState } from 'react';
import { extractErrorText } from 'shared-contracts';
import { Empty, LoadError, LoadingBlock, PageCard } from 'shared-ui';
import { useCallStats, type DirectionFilter as Direction } from '../hooks/use-call-stats';
import { CallsByDayChart } from './calls-by-day-chart';
import { DirectionFilter } from './direction-filter';
import { StatTiles } from './stat-tiles';

export function CallStatsCard({ accountId }: { accountId: string }) {
  const [direction, setDirection] = useState<Direction>('all');
  const { data, error, mutate } = useCallStats(accountId, direction);
  const stats = data?.data;
  const noCalls = stats !== undefined && stats.byDay.every((d) => d.inbound + d.outbound === 0);

  return (
    <PageCard title="Calls" extra={<DirectionFilter value={direction} onChange={setDirection} />}>
      {error ? (
        <LoadError error={extractErrorText(error)} onRetry={() => void mutate()} />
      ) : !stats ? (
        <LoadingBlock label="Loading call statistics…" rows={6} />
      ) : (
        <>
          <StatTiles stats={stats} />
          {noCalls ? (
            <Empty description="No calls in the last 14 days" />
          ) : (
            <CallsByDayChart byDay={stats.byDay} direction={direction} />
          )}
        </>
      )}
    </PageCard>
  );
}
