import { Form, useField, useFormState } from 'react-final-form';
import * as v from 'valibot';
import { notify, useApiMutation } from 'shared-auth';
import {
  AnalysisFields, MAX_ANALYSIS_FIELDS, SUCCESS_CRITERION_MAX_LENGTH, SuccessCriterion, contract, type AiAgent, type AnalysisFieldType,
} from 'shared-contracts';
import { Button, Col, FormError, FormField, Input, PageCard, Row, Select, Typography, UnsavedChangesGuard, formErrorOf, validateWith } from 'shared-ui';
import { AGENT_READS } from '../api/agent-endpoints';

interface FieldValues { name: string; type: AnalysisFieldType; description: string; options: string[] }
interface AnalysisValues { analysisFields: FieldValues[]; successCriterion: string }

const TYPE_OPTIONS: Array<{ value: AnalysisFieldType; label: string }> = [
  { value: 'text', label: 'Text' }, { value: 'number', label: 'Number' }, { value: 'yes-no', label: 'Yes/no' },
  { value: 'date', label: 'Date' }, { value: 'choice', label: 'One of a list' },
];

/** What is sent: choices only for a "one of a list" field, the other types keep none. */
const toBody = (values: AnalysisValues) => ({
  analysisFields: values.analysisFields.map((f) => ({ ...f, options: f.type === 'choice' ? f.options : [] })),
  successCriterion: values.successCriterion,
});

const validateBody = validateWith(v.object({ analysisFields: AnalysisFields, successCriterion: SuccessCriterion }), toBody);

/** A message about the whole list, kept apart: final-form holds the list's value where its errors would go. */
const LIST_ERROR = 'analysisFieldList';

function validate(values: AnalysisValues) {
  const { analysisFields, ...errors } = validateBody(values) ?? {};
  return typeof analysisFields === 'string' ? { ...errors, [LIST_ERROR]: analysisFields } : { ...errors, ...(analysisFields ? { analysisFields } : {}) };
}

const newField = (): FieldValues => ({ name: '', type: 'text', description: '', options: [] });

function AnalysisFieldRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const prefix = `analysisFields.${index}`;
  const type = useField<AnalysisFieldType>(`${prefix}.type`, { subscription: { value: true } }).input.value;
  return (
    <div role="group" aria-label={`Field ${index + 1}`}>
      <Row gutter={16} align="top">
        <Col xs={24} md={7}>
          <FormField<string> name={`${prefix}.name`} label="Field name" render={(input, c) => (
            <Input {...input} id={c.id} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} maxLength={60} />
          )} />
        </Col>
        <Col xs={24} md={5}>
          <FormField<AnalysisFieldType> name={`${prefix}.type`} label="Type" render={(input, c) => (
            <Select {...input} id={c.id} options={TYPE_OPTIONS} style={{ width: '100%' }} aria-describedby={c.describedBy} />
          )} />
        </Col>
        <Col xs={24} md={10}>
          <FormField<string> name={`${prefix}.description`} label="Description" hint="What the field holds, for the model" render={(input, c) => (
            <Input {...input} id={c.id} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} maxLength={500} />
          )} />
        </Col>
        <Col xs={24} md={2} style={{ paddingTop: 28 }}>
          <Button onClick={onRemove} aria-label={`Remove field ${index + 1}`}>Remove</Button>
        </Col>
      </Row>
      {type === 'choice' && (
        <FormField<string[]> name={`${prefix}.options`} label="Choices" hint="Type a choice and press Enter" render={(input, c) => (
          <Select {...input} id={c.id} mode="tags" open={false} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} style={{ width: '100%' }} />
        )} />
      )}
    </div>
  );
}

function AnalysisFieldList() {
  const { input } = useField<FieldValues[]>('analysisFields', { subscription: { value: true } });
  const { errors, submitFailed } = useFormState({ subscription: { errors: true, submitFailed: true } });
  const fields = input.value || [];
  // An error about the list as a whole (two fields of one name); each field's own errors show under it.
  const listError = submitFailed ? (errors?.[LIST_ERROR] as string | undefined) : undefined;
  return (
    <>
      {listError && <Typography.Paragraph type="danger" role="alert">{listError}</Typography.Paragraph>}
      {fields.length === 0 && <Typography.Paragraph type="secondary">No fields yet: add what you want to know from each call.</Typography.Paragraph>}
      {fields.map((_, i) => (
        <AnalysisFieldRow key={i} index={i} onRemove={() => input.onChange(fields.filter((__, j) => j !== i))} />
      ))}
      <Button onClick={() => input.onChange([...fields, newField()])} disabled={fields.length >= MAX_ANALYSIS_FIELDS}>Add field</Button>
    </>
  );
}

/**
 * The agent's post-call analysis: the fields filled in from each call, and what makes a call a
 * success. Saving sends only these two settings.
 */
export function AnalysisTab({ agent }: { agent: AiAgent }) {
  const update = useApiMutation(contract.agent.updateAgent, { invalidates: AGENT_READS });
  const initialValues: AnalysisValues = {
    analysisFields: agent.analysisFields.map((f) => ({ ...f, options: [...f.options] })),
    successCriterion: agent.successCriterion,
  };
  const submit = async (values: AnalysisValues) => {
    try {
      await update.trigger({ params: { agentId: agent.id }, body: toBody(values) });
      notify.success('Call analysis saved');
      return undefined;
    } catch (error) {
      return formErrorOf(error);
    }
  };

  return (
    <Form<AnalysisValues> onSubmit={submit} validate={validate} initialValues={initialValues} subscription={{ submitting: true, submitError: true }}>
      {({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Call analysis settings">
          <UnsavedChangesGuard />
          <PageCard title="Data to collect">
            <Typography.Paragraph type="secondary">After each call these are filled in from what was said; anything the call did not say is left empty.</Typography.Paragraph>
            <AnalysisFieldList />
          </PageCard>
          <PageCard title="Success criterion">
            <FormField<string> name="successCriterion" label="A call is a success when" hint="In plain words, e.g. “the caller booked an appointment”; leave empty to not judge calls" render={(input, c) => (
              <Input.TextArea {...input} id={c.id} rows={3} maxLength={SUCCESS_CRITERION_MAX_LENGTH} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
            )} />
          </PageCard>
          <FormError text={submitError} />
          <Button type="primary" htmlType="submit" loading={submitting}>Save analysis</Button>
        </form>
      )}
    </Form>
  );
}
