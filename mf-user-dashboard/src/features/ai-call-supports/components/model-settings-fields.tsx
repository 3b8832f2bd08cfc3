import { AGENT_MAX_TEMPERATURE, AGENT_REPLY_TOKENS_RANGE } from 'shared-contracts';
import { Col, FormField, InputNumber, Row } from 'shared-ui';

/**
 * How the agent's model answers, beside the model itself: both may stay empty, and then the
 * provider's default temperature and the house's longest reply apply.
 * No min/max on the inputs: a value out of range shows the contract's message rather than being clamped.
 */
export function ModelSettingsFields() {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <FormField<number | null> name="temperature" label="Temperature"
          hint={`From 0 (steady) to ${AGENT_MAX_TEMPERATURE} (varied); empty = the provider's default`} render={(input, c) => (
            <InputNumber {...input} value={input.value ?? null} onChange={(value) => input.onChange(value ?? null)}
              id={c.id} step={0.1} placeholder="Default" status={c.status}
              aria-invalid={c.invalid} aria-describedby={c.describedBy} style={{ width: '100%' }} />
          )} />
      </Col>
      <Col xs={24} md={12}>
        <FormField<number | null> name="maxReplyTokens" label="Longest reply (tokens)"
          hint={`From ${AGENT_REPLY_TOKENS_RANGE.min} to ${AGENT_REPLY_TOKENS_RANGE.max}; empty = default (${AGENT_REPLY_TOKENS_RANGE.max})`} render={(input, c) => (
            <InputNumber {...input} value={input.value ?? null} onChange={(value) => input.onChange(value ?? null)}
              id={c.id} step={50} placeholder="Default" status={c.status}
              aria-invalid={c.invalid} aria-describedby={c.describedBy} style={{ width: '100%' }} />
          )} />
      </Col>
    </Row>
  );
}
