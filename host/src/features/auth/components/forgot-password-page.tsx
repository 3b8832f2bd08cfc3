import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link } from 'react-router-dom';
import * as v from 'valibot';
import { useApiMutation } from 'shared-auth';
import { ForgetPasswordBody, contract } from 'shared-contracts';
import { Alert, Button, Flex, FormError, TextField, formErrorOf, formInput, validateWith } from 'shared-ui';
import { AuthCard } from './auth-card';
import { Paragraph } from '../../../ui/text';

const KEYS = ['userEmail'] as const;
const validate = validateWith(ForgetPasswordBody, (values: { userEmail?: string }) => formInput(values, KEYS));

/** auth/forgot-password: asks for a reset link; the answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const forget = useApiMutation(contract.auth.forgetPassword);
  const [sent, setSent] = useState<string | null>(null);
  const submit = async (values: { userEmail?: string }) => {
    try {
      const { data } = await forget.trigger({ body: v.parse(ForgetPasswordBody, formInput(values, KEYS)) });
      setSent(data.message);
      return undefined;
    } catch (error) {
      return formErrorOf(error);
    }
  };
  return (
    <AuthCard title="Forgot password">
      {sent ? (
        <Flex vertical gap={16}>
          <Alert type="success" showIcon title={sent} />
          <Link to="/auth/login">Back to sign in</Link>
        </Flex>
      ) : (
        <Form<{ userEmail?: string }> onSubmit={submit} validate={validate}>
          {({ handleSubmit, submitting, submitError }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Forgot password">
              <Paragraph secondary>Enter your email and we will send you a link to choose a new password.</Paragraph>
              <TextField name="userEmail" label="Email" type="email" autoComplete="email" />
              <FormError text={submitError as string | undefined} />
              <Button type="primary" htmlType="submit" loading={submitting} block>Send reset link</Button>
              <p style={{ marginTop: 16, marginBottom: 0 }}><Link to="/auth/login">Back to sign in</Link></p>
            </form>
          )}
        </Form>
      )}
    </AuthCard>
  );
}
