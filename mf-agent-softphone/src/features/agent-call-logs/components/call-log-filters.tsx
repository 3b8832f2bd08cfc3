import { Flex, Input, SearchOutlined, Segmented } from 'shared-ui';
import type { DirectionFilter } from '../hooks/use-agent-call-logs';

const DIRECTIONS: Array<{ label: string; value: DirectionFilter }> = [
  { label: 'All', value: 'all' },
  { label: 'Inbound', value: 'inbound' },
  { label: 'Outbound', value: 'outbound' },
];

interface Props {
  search: string;
  onSearch: (text: string) => void;
  direction: DirectionFilter;
  onDirection: (direction: DirectionFilter) => void;
}

export function CallLogFilters({ search, onSearch, direction, onDirection }: Props) {
  return (
    <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
      <Input
        aria-label="Search call logs"
        placeholder="Search by number or lead"
        prefix={<SearchOutlined />}
        allowClear
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        style={{ maxWidth: 320 }}
      />
      <Segmented<DirectionFilter> aria-label="Call direction" options={DIRECTIONS} value={direction} onChange={onDirection} />
    </Flex>
  );
}
