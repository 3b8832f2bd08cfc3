import { FREE_PLAN_AGENT_LIMIT, FREE_PLAN_SPECIAL_AGENT_LIMIT, type PlanId } from 'shared-contracts';
import { FormField, InputNumber, Select } from 'shared-ui';
import { PLAN_OPTIONS } from '../../../plans/plan-options';

export function PlanField() {
  return (
    <FormField<PlanId> name="plan" label="Plan" render={(input, c) => (
      <Select<PlanId> id={c.id} aria-label="Plan" options={PLAN_OPTIONS} value={input.value} onChange={(plan) => input.onChange(plan)} style={{ width: '100%' }} />
    )} />
  );
}

/** The free plan's agent cap for this account: 3 by default; the special account the product offers is 7. */
export function AgentCapField({ aiAgentCount }: { aiAgentCount: number }) {
  return (
    <FormField<number | null>
      name="agentCapOverride"
      label="Free plan agent cap"
      allowNull
      hint={`Empty: the default of ${FREE_PLAN_AGENT_LIMIT}; a special account gets ${FREE_PLAN_SPECIAL_AGENT_LIMIT}. The account has ${aiAgentCount} AI agent${aiAgentCount === 1 ? '' : 's'}.`}
      render={(input, c) => (
        <InputNumber<number>
          id={c.id}
          placeholder={`Default (${FREE_PLAN_AGENT_LIMIT})`}
          value={input.value ?? null}
          onChange={(value) => input.onChange(value ?? null)}
          onBlur={() => input.onBlur()}
          style={{ width: '100%' }}
          status={c.status}
          aria-invalid={c.invalid}
          aria-describedby={c.describedBy}
        />
      )}
    />
  );
}
