import { useMemo } from 'react';
import type { FormApi } from 'final-form';
import { Form } from 'react-final-form';
import { notify, useApiMutation } from 'shared-auth';
import { contract, type AccountDetail } from 'shared-contracts';
import { Button, TextField, Typography, UnsavedChangesGuard } from 'shared-ui';
import { changedBody, formValuesOf, validateAccount, type AccountFormValues } from '../model/account-form-values';
import { AgentCapField, PlanField } from './plan-and-cap-fields';
import { RoleRows } from './role-rows';

export const ACCOUNT_UPDATED_TEXT = 'Account updated';

interface Props {
  account: AccountDetail;
  onSaved: (account: AccountDetail) => void;
}

export function AccountForm({ account, onSaved }: Props) {
  const update = useApiMutation(contract.account.updateAccount, {
    invalidates: [contract.account.getAccountAudit, contract.account.getAllAccounts],
  });
  const initialValues = useMemo(() => formValuesOf(account), [account]);

  const submit = async (values: AccountFormValues, form: FormApi<AccountFormValues>) => {
    const body = changedBody(account, values);
    try {
      const { data } = await update.trigger({ params: { id: account.id }, body });
      notify.success(ACCOUNT_UPDATED_TEXT);
      // Numbers come back normalised; the form starts again from what was saved.
      form.restart(formValuesOf(data));
      onSaved(data);
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Form<AccountFormValues> onSubmit={submit} initialValues={initialValues} validate={validateAccount}>
      {({ handleSubmit, pristine, submitting, values }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Edit account">
          <UnsavedChangesGuard />
          <div style={{ maxWidth: 560 }}>
            <TextField name="name" label="Account name" autoComplete="off" />
            <PlanField />
            <AgentCapField aiAgentCount={account.aiAgentCount} />
          </div>
          <Typography.Title level={5}>Users&apos; roles</Typography.Title>
          <RoleRows rows={values.roles} />
          <Button type="primary" htmlType="submit" loading={submitting} disabled={pristine} style={{ marginTop: 16 }}>
            Save
          </Button>
        </form>
      )}
    </Form>
  );
}
