import { Form } from 'react-final-form';
import * as v from 'valibot';
import { notify, useApiMutation } from 'shared-auth';
import { CreateSupportRequestBody, SUPPORT_CATEGORIES, SUPPORT_PRIORITIES, contract } from 'shared-contracts';
import { Button, Col, FormError, FormField, Input, Row, Select, formErrorOf, validateWith } from 'shared-ui';
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
      return formErrorOf(error);
    }
  };
  return (
    <Form<Values> onSubmit={submit} validate={validate} initialValues={EMPTY} subscription={{ submitting: true, submitError: true }}>
      {({ handleSubmit, submitting, submitError, form }) => (
        <form aria-label="New support request" noValidate onSubmit={async (e) => { const error = await handleSubmit(e); if (!error && form.getState().submitSucceeded) form.restart(EMPTY); }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <FormField<string> name="subject" label="Subject" render={(input, c) => <Input {...input} id={c.id} aria-invalid={c.invalid} aria-describedby={c.describedBy} status={c.status} />} />
            </Col>
            <Col xs={24} md={6}>
              <FormField<string> name="category" label="Category" render={(input, c) => (
                <Select {...input} id={c.id} placeholder="Pick one" value={input.value || undefined} style={{ width: '100%' }} status={c.status}
                  options={SUPPORT_CATEGORIES.map((k) => ({ value: k, label: CATEGORY_LABELS[k] }))} />
              )} />
            </Col>
            <Col xs={24} md={6}>
              <FormField<string> name="priority" label="Priority" render={(input, c) => (
                <Select {...input} id={c.id} style={{ width: '100%' }} options={SUPPORT_PRIORITIES.map((k) => ({ value: k, label: PRIORITY_LABELS[k] }))} />
              )} />
            </Col>
          </Row>
          <FormField<string> name="message" label="Message" render={(input, c) => <Input.TextArea {...input} id={c.id} rows={4} aria-invalid={c.invalid} aria-describedby={c.describedBy} status={c.status} />} />
          <FormError text={submitError} />
          <Button type="primary" htmlType="submit" loading={submitting}>Send request</Button>
        </form>
      )}
    </Form>
  );
}
