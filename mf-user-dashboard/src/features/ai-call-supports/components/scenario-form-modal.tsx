import { Form, FormSpy } from 'react-final-form';
import { AgentTestScenarioBody, MAX_TEST_EXPECTATIONS, MAX_TEST_SCRIPT_STEPS, WEEKDAYS } from 'shared-contracts';
import {
  Button, DeleteOutlined, Flex, FormError, FormField, Input, InputNumber, Modal, PlusOutlined, Select, Typography, formErrorOf, validateWith,
} from 'shared-ui';
import {
  DAY_LABELS, EXPECTATION_KINDS, newExpectation, parseScenarioValues, valuesToBody,
  type ExpectationKind, type ExpectationValues, type ScenarioValues, type StepValues,
} from '../model/test-scenario-values';

const validate = validateWith(AgentTestScenarioBody, valuesToBody);

const STEP_KINDS = [{ value: 'say', label: 'Caller says' }, { value: 'keypad', label: 'Caller presses' }];
const DAY_OPTIONS = [{ value: '', label: 'Any day' }, ...WEEKDAYS.map((d) => ({ value: d, label: DAY_LABELS[d] }))];

interface ScenarioFormModalProps {
  title: string;
  initialValues: ScenarioValues;
  /** Saves the body; throws the API error on failure. */
  onSave: (body: ReturnType<typeof parseScenarioValues>) => Promise<void>;
  onClose: () => void;
}

function StepRow({ step, index, onKind, onRemove }: { step: StepValues; index: number; onKind: (kind: string) => void; onRemove?: () => void }) {
  const keypad = 'keypad' in step;
  return (
    <Flex gap={8} align="start">
      <Select
        aria-label={`Step ${index + 1} kind`}
        value={keypad ? 'keypad' : 'say'}
        options={STEP_KINDS}
        onChange={onKind}
        style={{ width: 150, flex: 'none' }}
      />
      <div style={{ flex: 1 }}>
        <FormField<string>
          name={`script.${index}.${keypad ? 'keypad' : 'say'}`}
          label={keypad ? `Step ${index + 1}: keys` : `Step ${index + 1}: words`}
          hideLabel
          render={(input, c) => (
            <Input {...input} id={c.id} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy}
              placeholder={keypad ? 'e.g. 0' : 'e.g. I would like to book a tasting on Saturday'} />
          )}
        />
      </div>
      {onRemove && <Button aria-label={`Remove step ${index + 1}`} icon={<DeleteOutlined />} onClick={onRemove} />}
    </Flex>
  );
}

function ExpectationRow({ value, index, onKind, onRemove }: {
  value: ExpectationValues; index: number; onKind: (kind: ExpectationKind) => void; onRemove?: () => void;
}) {
  const at = (key: string) => `expectations.${index}.${key}`;
  return (
    <Flex gap={8} align="start" wrap>
      <Select
        aria-label={`Expectation ${index + 1}`}
        value={value.kind}
        options={EXPECTATION_KINDS as Array<{ value: ExpectationKind; label: string }>}
        onChange={onKind}
        style={{ width: 230, flex: 'none' }}
      />
      <div style={{ flex: 1, minWidth: 200 }}>
        {value.kind === 'books' && (
          <FormField<string> name={at('day')} label="Booked on" hideLabel render={(input, c) => (
            <Select {...input} id={c.id} aria-label="Booked on" options={DAY_OPTIONS} style={{ width: '100%' }} aria-describedby={c.describedBy} />
          )} />
        )}
        {(value.kind === 'says' || value.kind === 'never-says') && (
          <FormField<string> name={at('text')} label="Words" hideLabel render={(input, c) => (
            <Input {...input} id={c.id} aria-label="Words" status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} placeholder="e.g. Saturday" />
          )} />
        )}
        {value.kind === 'within-turns' && (
          <FormField<number | null> name={at('turns')} label="Turns" hideLabel allowNull render={(input, c) => (
            <InputNumber {...input} id={c.id} aria-label="Turns" min={1} max={MAX_TEST_SCRIPT_STEPS} status={c.status} aria-describedby={c.describedBy} />
          )} />
        )}
        {value.kind === 'calls-tool' && (
          <Flex gap={8} wrap>
            <FormField<string> name={at('tool')} label="Tool" hideLabel render={(input, c) => (
              <Input {...input} id={c.id} aria-label="Tool" status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} placeholder="e.g. book_appointment" />
            )} />
            <FormField<string> name={at('args')} label="With arguments" hideLabel render={(input, c) => (
              <Input {...input} id={c.id} aria-label="With arguments" status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy}
                placeholder='optional, e.g. {"time": "10:00"}' />
            )} />
          </Flex>
        )}
      </div>
      {onRemove && <Button aria-label={`Remove expectation ${index + 1}`} icon={<DeleteOutlined />} onClick={onRemove} />}
    </Flex>
  );
}

/** Adds or edits a scenario: the caller's script, line by line, and what the agent must do. */
export function ScenarioFormModal({ title, initialValues, onSave, onClose }: ScenarioFormModalProps) {
  const submit = async (values: ScenarioValues) => {
    try {
      await onSave(parseScenarioValues(values));
      onClose();
      return undefined;
    } catch (error) {
      return formErrorOf(error);
    }
  };

  return (
    <Form<ScenarioValues> onSubmit={submit} validate={validate} initialValues={initialValues} subscription={{ submitting: true, submitError: true }}>
      {({ handleSubmit, submitting, submitError, form }) => (
        <Modal open title={title} onCancel={onClose} width={720} footer={null} destroyOnHidden>
          <form onSubmit={handleSubmit} noValidate aria-label="Test scenario">
            <FormField<string> name="name" label="Scenario name" render={(input, c) => (
              <Input {...input} id={c.id} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} maxLength={100} />
            )} />
            <FormSpy<ScenarioValues> subscription={{ values: true }}>
              {({ values }) => (
                <>
                  <Typography.Title level={5}>The caller</Typography.Title>
                  <Flex vertical gap={8}>
                    {values.script.map((step, i) => (
                      <StepRow
                        key={i}
                        step={step}
                        index={i}
                        onKind={(kind) => form.change(`script.${i}` as never, (kind === 'keypad' ? { keypad: '' } : { say: '' }) as never)}
                        onRemove={values.script.length > 1 ? () => form.change('script', values.script.filter((_, j) => j !== i)) : undefined}
                      />
                    ))}
                  </Flex>
                  <Button icon={<PlusOutlined />} disabled={values.script.length >= MAX_TEST_SCRIPT_STEPS}
                    onClick={() => form.change('script', [...values.script, { say: '' }])} style={{ marginTop: 8 }}>
                    Add a line
                  </Button>
                  <Typography.Title level={5}>The agent</Typography.Title>
                  <Flex vertical gap={8}>
                    {values.expectations.map((e, i) => (
                      <ExpectationRow
                        key={i}
                        value={e}
                        index={i}
                        onKind={(kind) => form.change(`expectations.${i}` as never, newExpectation(kind) as never)}
                        onRemove={values.expectations.length > 1 ? () => form.change('expectations', values.expectations.filter((_, j) => j !== i)) : undefined}
                      />
                    ))}
                  </Flex>
                  <Button icon={<PlusOutlined />} disabled={values.expectations.length >= MAX_TEST_EXPECTATIONS}
                    onClick={() => form.change('expectations', [...values.expectations, newExpectation('says')])} style={{ marginTop: 8 }}>
                    Add an expectation
                  </Button>
                </>
              )}
            </FormSpy>
            <FormError text={submitError} />
            <Flex justify="end" gap={8} style={{ marginTop: 16 }}>
              <Button onClick={onClose}>Cancel</Button>
              <Button type="primary" htmlType="submit" loading={submitting}>Save scenario</Button>
            </Flex>
          </form>
        </Modal>
      )}
    </Form>
  );
}
