import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import { useNavigate } from 'react-router-dom';
import * as v from 'valibot';
import { setSessionUser, setToken, useApiMutation } from 'shared-auth';
import { HOME_BY_ROLE, LoginBody, contract, extractErrorText } from 'shared-contracts';
import { Alert, Button } from 'shared-ui';
import { TextField } from './text-field';
import { loginInput, validateLogin } from './login-validation';
import type { LoginValues } from './login-validation';

export function LoginForm() {
  const navigate = useNavigate();
  const login = useApiMutation(contract.auth.login);

  const submit = async (values: LoginValues) => {
    try {
      const { data } = await login.trigger({ body: v.parse(LoginBody, loginInput(values)) });
      setToken(data.token);
      setSessionUser(data.user);
      navigate(HOME_BY_ROLE[data.user.role], { replace: true });
      return undefined;
    } catch (error) {
      return { [FORM_ERROR]: extractErrorText(error) };
    }
  };

  return (
    <Form<LoginValues> onSubmit={submit} validate={validateLogin}>
      {({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
          <TextField name="email" label="Email" type="email" autoComplete="email" />
          <TextField name="password" label="Password" type="password" autoComplete="current-password" />
          {submitError && <Alert type="error" showIcon title={submitError} style={{ marginBottom: 16 }} role="alert" />}
          <Button type="primary" htmlType="submit" loading={submitting} block>
            Sign in
          </Button>
        </form>
      )}
    </Form>
  );
}
