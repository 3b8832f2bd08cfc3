import { Form } from 'react-final-form';
import { notify, useApiMutation } from 'shared-auth';
import { contract } from 'shared-contracts';
import { Button, ErrorsAfterSubmit, Flex, Spin, VisuallyHidden, formErrorOf } from 'shared-ui';
import { ClientField } from './client-field';
import { ClientTypeField } from './client-type-field';
import { INITIAL_VALUES, validateAddAiClient, type AddAiClientValues } from '../model/add-ai-client-values';
import { ModelField } from './model-field';

export const ADDED_TEXT = 'AI Client added successfully';

interface Props {
  onAdded: () => void;
  onCancel: () => void;
}

export function AddAiClientForm({ onAdded, onCancel }: Props) {
  const create = useApiMutation(contract.aiClient.createAiClient, { invalidates: [contract.aiClient.getAllClients] });

  const submit = async (values: AddAiClientValues) => {
    try {
      // validate() has passed, so every field holds a value the contract accepts.
      await create.trigger({ body: { type: values.type!, client: values.client!, model: values.model! } });
      notify.success(ADDED_TEXT);
      onAdded();
      return undefined;
    } catch (error) {
      notify.error(error);
      // A failed submit keeps the Add button, so the administrator can try again.
      return formErrorOf(error);
    }
  };

  return (
    <Form<AddAiClientValues> onSubmit={submit} initialValues={INITIAL_VALUES} validate={validateAddAiClient}>
      {({ handleSubmit, dirty, submitting, submitSucceeded }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Add AI Client">
          {/* This form is validated on submit, then again on every change. */}
          <ErrorsAfterSubmit>
            <ClientTypeField />
            <ClientField />
            <ModelField />
          </ErrorsAfterSubmit>
          <Flex justify="flex-end" align="center" gap={8}>
            {submitting && (
              <span role="status">
                <Spin size="small" />
                <VisuallyHidden>Adding…</VisuallyHidden>
              </span>
            )}
            <Button onClick={onCancel}>Cancel</Button>
            {/* Spec: the Add button shows only once the form is changed, and until it is submitted. */}
            {(submitting || (dirty && !submitSucceeded)) && (
              <Button type="primary" htmlType="submit" loading={submitting}>
                Add
              </Button>
            )}
          </Flex>
        </form>
      )}
    </Form>
  );
}
