import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import { Link, useNavigate } from 'react-router-dom';
import * as v from 'valibot';
import { useApiMutation } from 'shared-auth';
import { EMAIL_NOT_VERIFIED_TEXT, LoginBody, TWO_STEP_REQUIRED_TEXT, contract, extractErrorText } from 'shared-contracts';
import { Button, FormError, TextField, formInput, validateWith } from 'shared-ui';
import { useCompleteSignIn } from '../hooks/complete-sign-in';
import { setPendingSignIn } from '../model/pending-sign-in';
import { ResendVerificationButton } from './resend-verification-button';

const KEYS = ['email', 'password'] as const;
type LoginValues = Partial<Record<(typeof KEYS)[number], string>>;
const loginInput = (values: LoginValues) => formInput(values, KEYS);
const validate = validateWith(LoginBody, loginInput);

export function LoginForm() {
  const navigate = useNavigate();
  const login = useApiMutation(contract.auth.login);
  const complete = useCompleteSignIn();

  const submit = async (values: LoginValues) => {
    const body = v.parse(LoginBody, loginInput(values));
    try {
      complete((await login.trigger({ body })).data);
      return undefined;
    } catch (error) {
      const text = extractErrorText(error);
      if (text === TWO_STEP_REQUIRED_TEXT) {
        setPendingSignIn(body);
        navigate('/auth/two-step');
        return undefined;
      }
      return { [FORM_ERROR]: text };
    }
  };

  return (
    <Form<LoginValues> onSubmit={submit} validate={validate}>
      {({ handleSubmit, submitting, submitError, values }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
          <TextField name="email" label="Email" type="email" autoComplete="email" />
          <TextField name="password" label="Password" type="password" autoComplete="current-password" />
          <FormError text={submitError as string | undefined} />
          {submitError === EMAIL_NOT_VERIFIED_TEXT && values.email && (
            <div style={{ marginBottom: 16 }}><ResendVerificationButton email={values.email.trim().toLowerCase()} /></div>
          )}
          <Button type="primary" htmlType="submit" loading={submitting} block>
            Sign in
          </Button>
          <p style={{ marginTop: 16, marginBottom: 0, display: 'flex', justifyContent: 'space-between' }}>
            <Link to="/auth/forgot-password">Forgot password?</Link>
            <Link to="/auth/register">Create account</Link>
          </p>
        </form>
      )}
    </Form>
  );
}
