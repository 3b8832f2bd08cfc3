import { useMemo } from 'react';
import type { FormApi } from 'final-form';
import { Form } from 'react-final-form';
import { notify, useApiMutation } from 'shared-auth';
import { contract, type AiClient } from 'shared-contracts';
import { Button, Flex, TextField, UnsavedChangesGuard } from 'shared-ui';
import { formValuesOf, updateBodyOf, validatorFor, type AiClientFormValues } from '../model/ai-client-form-values';
import { CredentialFields } from './credential-fields';
import { EnabledField } from './enabled-field';

export const UPDATED_TEXT = 'AI Client updated';

interface Props {
  client: AiClient;
  onSaved: (client: AiClient) => void;
}

export function AiClientForm({ client, onSaved }: Props) {
  const update = useApiMutation(contract.aiClient.updateAiClient, { invalidates: [contract.aiClient.getAllClients] });
  const initialValues = useMemo(() => formValuesOf(client), [client]);
  const validate = useMemo(() => validatorFor(client), [client]);

  const submit = async (values: AiClientFormValues, form: FormApi<AiClientFormValues>) => {
    try {
      const { data } = await update.trigger({ params: { id: client.id }, body: updateBodyOf(client, values) });
      notify.success(UPDATED_TEXT);
      // Start again from what was saved: typed credentials are cleared, never kept on screen.
      form.restart(formValuesOf(data));
      onSaved(data);
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Form<AiClientFormValues> onSubmit={submit} initialValues={initialValues} validate={validate}>
      {({ handleSubmit, pristine, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Edit AI Client" style={{ maxWidth: 560 }}>
          <UnsavedChangesGuard />
          <TextField name="model" label="Model" placeholder="e.g. gpt-4o" autoComplete="off" />
          <TextField name="purpose" label="Purpose" placeholder="What agents use this client for" rows={2} />
          <EnabledField />
          <CredentialFields client={client} />
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={submitting} disabled={pristine}>
              Save
            </Button>
          </Flex>
        </form>
      )}
    </Form>
  );
}
