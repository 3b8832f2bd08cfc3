import { Form } from 'react-final-form';
import { ConnectIntegrationBody, type IntegrationCatalogEntry } from 'shared-contracts';
import { Button, Flex, FormError, FormField, Input, Modal, formErrorOf, validateWith } from 'shared-ui';

interface ApiKeyDialogProps {
  entry: IntegrationCatalogEntry | null;
  onConnect: (apiKey: string) => Promise<void>;
  onClose: () => void;
}

interface Values {
  apiKey: string;
}

/** Asks for a provider's API key; the key goes to the server once and is never shown again. */
export function ApiKeyDialog({ entry, onConnect, onClose }: ApiKeyDialogProps) {
  const validate = validateWith(ConnectIntegrationBody, (values: Values) => ({ authType: 'apiKey', provider: entry?.provider, apiKey: values.apiKey }));
  const submit = async (values: Values) => {
    try {
      await onConnect(values.apiKey.trim());
      onClose();
      return undefined;
    } catch (caught) {
      return formErrorOf(caught);
    }
  };
  return (
    <Modal title={entry ? `Connect ${entry.name}` : ''} open={entry !== null} onCancel={onClose} footer={null} destroyOnHidden>
      {entry && (
        <Form<Values> onSubmit={submit} validate={validate} initialValues={{ apiKey: '' }} subscription={{ submitting: true, submitError: true }}>
          {({ handleSubmit, submitting, submitError }) => (
            <form aria-label="Connect with an API key" noValidate onSubmit={handleSubmit}>
              <FormField<string> name="apiKey" label="API key" render={(input, c) => (
                <Input.Password {...input} id={c.id} autoComplete="off" maxLength={4096} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
              )} />
              <FormError text={submitError as string | undefined} />
              <Flex gap={8} justify="end">
                <Button onClick={onClose}>Cancel</Button>
                <Button type="primary" htmlType="submit" loading={submitting}>Connect</Button>
              </Flex>
            </form>
          )}
        </Form>
      )}
    </Modal>
  );
}
