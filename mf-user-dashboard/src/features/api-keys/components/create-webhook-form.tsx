import { useState } from 'react';
import { Form } from 'react-final-form';
import { useApiMutation } from 'shared-auth';
import { CreateWebhookBody, WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, contract, type WebhookEventType } from 'shared-contracts';
import { Alert, Button, Checkbox, Flex, FormError, FormField, Input, Typography, formErrorOf, validateWith } from 'shared-ui';

interface Values {
  url: string;
  events: WebhookEventType[];
}

const EMPTY: Values = { url: '', events: ['call.completed'] };
const validate = validateWith<Values>(CreateWebhookBody);
const EVENT_OPTIONS = WEBHOOK_EVENTS.map((event) => ({ value: event, label: <><Typography.Text code>{event}</Typography.Text> {WEBHOOK_EVENT_LABELS[event]}</> }));

/** Registers an endpoint for some events; its signing secret comes back once and is shown until dismissed. */
export function CreateWebhookForm() {
  const [secret, setSecret] = useState<string | null>(null);
  const create = useApiMutation(contract.webhook.create, { invalidates: [contract.webhook.list] });

  const submit = async (values: Values) => {
    try {
      const { data } = await create.trigger({ body: values });
      setSecret(data.secret);
      return undefined;
    } catch (caught) {
      return formErrorOf(caught);
    }
  };

  return (
    <>
      <Form<Values> onSubmit={submit} validate={validate} initialValues={EMPTY} subscription={{ submitting: true, submitError: true }}>
        {({ handleSubmit, submitting, submitError, form }) => (
          <form aria-label="New webhook endpoint" noValidate onSubmit={async (e) => {
            const refused = await handleSubmit(e);
            if (!refused && form.getState().submitSucceeded) form.restart(EMPTY);
          }}>
            <FormField<string> name="url" label="Endpoint URL" render={(input, c) => (
              <Input {...input} id={c.id} placeholder="https://example.com/webhooks" style={{ maxWidth: 480 }}
                status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
            )} />
            <FormField<WebhookEventType[]> name="events" label="Events" render={(input, c) => (
              <div id={c.id} role="group" aria-label="Events" aria-invalid={c.invalid} aria-describedby={c.describedBy}>
                <Checkbox.Group value={input.value} onChange={(value) => input.onChange(value)}>
                  <Flex vertical gap={4}>
                    {EVENT_OPTIONS.map((o) => <Checkbox key={o.value} value={o.value}>{o.label}</Checkbox>)}
                  </Flex>
                </Checkbox.Group>
              </div>
            )} />
            <Button type="primary" htmlType="submit" loading={submitting}>Add endpoint</Button>
            <FormError text={submitError as string | undefined} />
          </form>
        )}
      </Form>
      {secret && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          title="Copy the signing secret now: it will not be shown again"
          description={<Typography.Text code copyable aria-label="New webhook signing secret">{secret}</Typography.Text>}
          closable={{ 'aria-label': 'I have copied the secret' }}
          onClose={() => setSecret(null)}
        />
      )}
    </>
  );
}
