import { Form } from 'react-final-form';
import { useApiMutation } from 'shared-auth';
import { CreateApiKeyBody, contract } from 'shared-contracts';
import { Alert, Button, Flex, FormError, FormField, Input, InputNumber, Typography, formErrorOf, validateWith } from 'shared-ui';

interface Values {
  name: string;
  expiresInDays: number | null;
}

const EMPTY: Values = { name: '', expiresInDays: null };
// Checked with the contract before sending: a wrong expiry is refused as typed, never altered.
const validate = validateWith<Values>(CreateApiKeyBody);

export interface CreateKeyFormProps {
  /** The secret of the key just made, shown until dismissed (then null). */
  secret: string | null;
  onSecret: (secret: string | null) => void;
}

/** Names a new key; the secret comes back once and is shown until the user dismisses it. */
export function CreateKeyForm({ secret, onSecret: setSecret }: CreateKeyFormProps) {
  const create = useApiMutation(contract.apiKey.create, { invalidates: [contract.apiKey.list] });

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
          <form aria-label="New API key" noValidate onSubmit={async (e) => {
            const refused = await handleSubmit(e);
            if (!refused && form.getState().submitSucceeded) form.restart(EMPTY);
          }}>
            <Flex gap={8} wrap align="start">
              <FormField<string> name="name" label="Key name" render={(input, c) => (
                <Input {...input} id={c.id} placeholder="e.g. CRM sync" style={{ width: 240 }} maxLength={100}
                  status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
              )} />
              <FormField<number | null> name="expiresInDays" label="Expires after (days)" allowNull render={(input, c) => (
                // No min/max here: antd would clamp -5 to 1 silently; the contract refuses it instead.
                <InputNumber id={c.id} value={input.value} onChange={(value) => input.onChange(value)} onBlur={() => input.onBlur()}
                  placeholder="Never" style={{ width: 160 }} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
              )} />
              <Button type="primary" htmlType="submit" loading={submitting} style={{ marginTop: 26 }}>Create key</Button>
            </Flex>
            <FormError text={submitError as string | undefined} />
          </form>
        )}
      </Form>
      {secret && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          title="Copy your new key now: it will not be shown again"
          description={<Typography.Text code copyable aria-label="New API key secret">{secret}</Typography.Text>}
          closable={{ 'aria-label': 'I have copied the key' }}
          onClose={() => setSecret(null)}
        />
      )}
    </>
  );
}
