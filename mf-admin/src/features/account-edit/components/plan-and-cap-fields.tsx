import { useId } from 'react';
import { Field } from 'react-final-form';
import { FREE_PLAN_AGENT_LIMIT, type PlanId } from 'shared-contracts';
import { InputNumber, Select } from 'shared-ui';
import { FieldFrame, errorProps } from '../../../forms/field-frame';
import { PLAN_OPTIONS } from '../../../plans/plan-options';

export function PlanField() {
  const id = useId();
  return (
    <Field<PlanId> name="plan">
      {({ input }) => (
        <FieldFrame id={id} label="Plan">
          <Select<PlanId> id={id} aria-label="Plan" options={PLAN_OPTIONS} value={input.value} onChange={(plan) => input.onChange(plan)} style={{ width: '100%' }} />
        </FieldFrame>
      )}
    </Field>
  );
}

/** The free plan's agent cap for this account (spec section 6: 3 by default, more for a special account). */
export function AgentCapField({ aiAgentCount }: { aiAgentCount: number }) {
  const id = useId();
  return (
    <Field<number | null> name="agentCapOverride" allowNull>
      {({ input, meta }) => {
        const error = meta.touched || meta.submitFailed ? (meta.error as string | undefined) : undefined;
        return (
          <FieldFrame
            id={id}
            label="Free plan agent cap"
            error={error}
            hint={`Empty: the default of ${FREE_PLAN_AGENT_LIMIT}. The account has ${aiAgentCount} AI agent${aiAgentCount === 1 ? '' : 's'}.`}
          >
            <InputNumber<number>
              id={id}
              placeholder={`Default (${FREE_PLAN_AGENT_LIMIT})`}
              value={input.value ?? null}
              onChange={(value) => input.onChange(value ?? null)}
              onBlur={() => input.onBlur()}
              style={{ width: '100%' }}
              {...errorProps(id, error)}
            />
          </FieldFrame>
        );
      }}
    </Field>
  );
}
