import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import * as v from 'valibot';
import { notify, useApiMutation } from 'shared-auth';
import { CreateSupportRequestBody, SUPPORT_CATEGORIES, SUPPORT_PRIORITIES, contract, extractErrorText } from 'shared-contracts';
import { Alert, Button, Col, Input, Row, Select } from 'shared-ui';
import { LabeledField } from '../../forms/labeled-field';
import { validateWith } from '../../forms/validate-with';
import { CATEGORY_LABELS, PRIORITY_LABELS } from '../model/support-labels';

interface Values { subject: string; category: string; priority: string; message: string }
const EMPTY: Values = { subject: '', category: '', priority: 'normal', message: '' };
const toInput = (values: Values) => ({ subject: values.subject, category: values.category || undefined, priority: values.priority, message: values.message });
const validate = validateWith(CreateSupportRequestBody, toInput);

/** A new support request; on success the form empties and the list shows it. */
export function SupportRequestForm() {
  const create = useApiMutation(contract.support.createRequest, { invalidates: [contract.support.getRequests] });
  const submit = async (values: Values) => {
    try {
      const { data } = await create.trigger({ body: v.parse(CreateSupportRequestBody, toInput(values)) });
      notify.success(`Request ${data.reference} sent; we will reply by email`);
      return undefined;
    } catch (error) {
      return { [FORM_ERROR]: extractErrorText(error) };
    }
  };
  return (
    <Form<Values> onSubmit={submit} validate={validate} initialValues={EMPTY} subscription={{ submitting: true, submitError: true }}>
      {({ handleSubmit, submitting, submitError, form }) => (
        <form aria-label="New support request" noValidate onSubmit={async (e) => { const error = await handleSubmit(e); if (!error && form.getState().submitSucceeded) form.restart(EMPTY); }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <LabeledField<string> name="subject" label="Subject" render={(input, c) => <Input {...input} id={c.id} aria-invalid={c.invalid} aria-describedby={c.describedBy} status={c.invalid ? 'error' : undefined} />} />
            </Col>
            <Col xs={24} md={6}>
              <LabeledField<string> name="category" label="Category" render={(input, c) => (
                <Select {...input} id={c.id} placeholder="Pick one" value={input.value || undefined} style={{ width: '100%' }} status={c.invalid ? 'error' : undefined}
                  options={SUPPORT_CATEGORIES.map((k) => ({ value: k, label: CATEGORY_LABELS[k] }))} />
              )} />
            </Col>
            <Col xs={24} md={6}>
              <LabeledField<string> name="priority" label="Priority" render={(input, c) => (
                <Select {...input} id={c.id} style={{ width: '100%' }} options={SUPPORT_PRIORITIES.map((k) => ({ value: k, label: PRIORITY_LABELS[k] }))} />
              )} />
            </Col>
          </Row>
          <LabeledField<string> name="message" label="Message" render={(input, c) => <Input.TextArea {...input} id={c.id} rows={4} aria-invalid={c.invalid} aria-describedby={c.describedBy} status={c.invalid ? 'error' : undefined} />} />
          {submitError && <Alert type="error" showIcon role="alert" title={submitError} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" loading={submitting}>Send request</Button>
        </form>
      )}
    </Form>
  );
}
