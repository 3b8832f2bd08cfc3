import { Segmented } from 'shared-ui';
import type { DirectionFilter as Direction } from '../hooks/use-call-stats';

const OPTIONS: Array<{ label: string; value: Direction }> = [
  { label: 'All', value: 'all' },
  { label: 'Inbound', value: 'inbound' },
  { label: 'Outbound', value: 'outbound' },
];

export function DirectionFilter({ value, onChange }: { value: Direction; onChange: (value: Direction) => void }) {
  return <Segmented<Direction> aria-label="Call direction" options={OPTIONS} value={value} onChange={onChange} />;
}
