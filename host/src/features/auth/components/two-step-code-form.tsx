import { Form } from 'react-final-form';
import * as v from 'valibot';
import { useApiMutation } from 'shared-auth';
import { Verify2FACodeBody, contract } from 'shared-contracts';
import { Button, Flex, FormError, TextField, formErrorOf, formInput, validateWith } from 'shared-ui';
import { useCompleteSignIn } from '../hooks/complete-sign-in';
import { setPendingSignIn } from '../model/pending-sign-in';

const KEYS = ['email', 'code'] as const;
const validateCode = validateWith(Verify2FACodeBody, (values: { email: string; code?: string }) => formInput(values, KEYS));

interface Props {
  email: string;
  onResend: () => void;
  resending: boolean;
}

export function TwoStepCodeForm({ email, onResend, resending }: Props) {
  const verify = useApiMutation(contract.auth.verify2FACode);
  const complete = useCompleteSignIn();
  const submit = async (values: { code?: string }) => {
    try {
      const { data } = await verify.trigger({ body: v.parse(Verify2FACodeBody, { email, code: values.code }) });
      setPendingSignIn(null);
      complete(data);
      return undefined;
    } catch (error) {
      return formErrorOf(error);
    }
  };
  return (
    <Form<{ code?: string }> onSubmit={submit} validate={(values) => validateCode({ email, code: values.code })}>
      {({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Two-step code">
          <TextField name="code" label="Verification code" autoComplete="one-time-code" />
          <FormError text={submitError as string | undefined} />
          <Flex gap={12}>
            <Button type="primary" htmlType="submit" loading={submitting}>Verify</Button>
            <Button onClick={onResend} loading={resending}>Send a new code</Button>
          </Flex>
        </form>
      )}
    </Form>
  );
}
