import type { PlanId } from 'shared-contracts';
import { Flex, Input, SearchOutlined, Select } from 'shared-ui';
import { PLAN_OPTIONS } from '../../../plans/plan-options';

interface Props {
  search: string;
  onSearch: (text: string) => void;
  plan: PlanId | undefined;
  onPlan: (plan: PlanId | undefined) => void;
}

export function AccountFilters({ search, onSearch, plan, onPlan }: Props) {
  return (
    <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
      <Input
        aria-label="Search accounts"
        placeholder="Search by name or owner email"
        prefix={<SearchOutlined />}
        allowClear
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        style={{ maxWidth: 320 }}
      />
      <Select<PlanId>
        aria-label="Plan"
        placeholder="All plans"
        allowClear
        options={PLAN_OPTIONS}
        value={plan}
        onChange={(value) => onPlan(value ?? undefined)}
        style={{ minWidth: 200 }}
      />
    </Flex>
  );
}
