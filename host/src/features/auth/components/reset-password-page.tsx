import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link, useParams } from 'react-router-dom';
import * as v from 'valibot';
import { useApiMutation } from 'shared-auth';
import { ResetPasswordBody, contract } from 'shared-contracts';
import { Alert, Button, Flex, FormError, TextField, formErrorOf, formInput, validateWith } from 'shared-ui';
import { AuthCard } from './auth-card';

const KEYS = ['id', 'password', 'confirmPassword'] as const;
type Values = { password?: string; confirmPassword?: string };
const validate = validateWith(ResetPasswordBody, (values: Values & { id: string }) => formInput(values, KEYS));

/** auth/reset-password/{id}: the link from the reset email; the id is the link's secret. */
export function ResetPasswordPage() {
  const { id = '' } = useParams();
  const reset = useApiMutation(contract.auth.resetPassword);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (values: Values) => {
    try {
      const { data } = await reset.trigger({ body: v.parse(ResetPasswordBody, formInput({ ...values, id }, KEYS)) });
      setDone(data.message);
      return undefined;
    } catch (error) {
      return formErrorOf(error);
    }
  };
  return (
    <AuthCard title="Reset password">
      {done ? (
        <Flex vertical gap={16}>
          <Alert type="success" showIcon title={done} />
          <Link to="/auth/login">Sign in</Link>
        </Flex>
      ) : (
        <Form<Values> onSubmit={submit} validate={(values) => validate({ ...values, id })}>
          {({ handleSubmit, submitting, submitError }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Reset password">
              <TextField name="password" label="New password" type="password" autoComplete="new-password" />
              <TextField name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" />
              <FormError text={submitError as string | undefined} />
              <Button type="primary" htmlType="submit" loading={submitting} block>Set new password</Button>
              {submitError && <p style={{ marginTop: 16, marginBottom: 0 }}><Link to="/auth/forgot-password">Ask for a new link</Link></p>}
            </form>
          )}
        </Form>
      )}
    </AuthCard>
  );
}
