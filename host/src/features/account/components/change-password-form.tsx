import type { FormApi } from 'final-form';
import { Form } from 'react-final-form';
import * as v from 'valibot';
import { notify, useApiMutation } from 'shared-auth';
import { ChangePasswordBody, contract } from 'shared-contracts';
import { Button, FormError, TextField, formErrorOf, formInput, validateWith } from 'shared-ui';

const KEYS = ['password', 'passwordNew', 'passwordConfirm'] as const;
type Values = Partial<Record<(typeof KEYS)[number], string>>;
const validate = validateWith(ChangePasswordBody, (values: Values) => formInput(values, KEYS));

/** Change password (spec: password, passwordNew, passwordConfirm); other sessions end on the server. */
export function ChangePasswordForm() {
  const change = useApiMutation(contract.auth.changePassword, { invalidates: [contract.users.getSecurityPreference] });
  const submit = async (values: Values, form: FormApi<Values>) => {
    try {
      const { data } = await change.trigger({ body: v.parse(ChangePasswordBody, formInput(values, KEYS)) });
      notify.success(data.message);
      // After the submit settles, so the cleared fields do not show "required" at once.
      setTimeout(() => form.restart());
      return undefined;
    } catch (error) {
      return formErrorOf(error);
    }
  };
  return (
    <Form<Values> onSubmit={submit} validate={validate}>
      {({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Change password">
          <TextField name="password" label="Current password" type="password" autoComplete="current-password" />
          <TextField name="passwordNew" label="New password" type="password" autoComplete="new-password" />
          <TextField name="passwordConfirm" label="Confirm new password" type="password" autoComplete="new-password" />
          <FormError text={submitError as string | undefined} />
          <Button type="primary" htmlType="submit" loading={submitting}>Change password</Button>
        </form>
      )}
    </Form>
  );
}
