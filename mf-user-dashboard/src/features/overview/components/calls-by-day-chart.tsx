import type { CallStats } from 'shared-contracts';
import { BarChart, type BarSeries } from 'shared-ui';
import type { DirectionFilter } from '../hooks/use-call-stats';

const COLORS = { inbound: '#1677ff', outbound: '#13c2c2' };

/** "2026-03-10" (a day in the account's zone) → "Mar 10", read as a date with no zone shift. */
const dayLabel = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
};

export function CallsByDayChart({ byDay, direction }: { byDay: CallStats['byDay']; direction: DirectionFilter }) {
  const series: BarSeries[] = [];
  if (direction !== 'outbound') series.push({ name: 'Inbound', values: byDay.map((d) => d.inbound), color: COLORS.inbound });
  if (direction !== 'inbound') series.push({ name: 'Outbound', values: byDay.map((d) => d.outbound), color: COLORS.outbound });
  return (
    <BarChart
      title="Calls per day, last 14 days"
      categories={byDay.map((d) => d.date)}
      formatCategory={dayLabel}
      series={series}
      xLabel="Day"
      yLabel="Calls"
    />
  );
}
