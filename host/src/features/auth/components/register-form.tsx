import { Form } from 'react-final-form';
import { Link } from 'react-router-dom';
import * as v from 'valibot';
import { useApiMutation } from 'shared-auth';
import { RegisterBody, contract } from 'shared-contracts';
import { Button, CheckboxField, Col, FormError, Row, TextField, formErrorOf, formInput, validateWith } from 'shared-ui';
import { TimeZoneField, browserTimeZone } from './time-zone-field';

const KEYS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'companyName', 'phoneNumber', 'timeZone', 'acceptTerms'] as const;
type RegisterValues = Partial<Record<(typeof KEYS)[number], string | boolean>>;
const validate = validateWith(RegisterBody, (values: RegisterValues) => formInput(values, KEYS));

/** auth/register's form; `onRegistered` gets the address the link went to. */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const register = useApiMutation(contract.auth.register);
  const submit = async (values: RegisterValues) => {
    try {
      const input = formInput(values, KEYS);
      const { data } = await register.trigger({ body: v.parse(RegisterBody, { ...input, acceptTerms: input.acceptTerms === true }) });
      onRegistered(data.email);
      return undefined;
    } catch (error) {
      return formErrorOf(error);
    }
  };

  return (
    <Form<RegisterValues> onSubmit={submit} validate={validate} initialValues={{ timeZone: browserTimeZone() }}>
      {({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Create account">
          <Row gutter={12}>
            <Col span={12}><TextField name="firstName" label="First name" autoComplete="given-name" /></Col>
            <Col span={12}><TextField name="lastName" label="Last name" autoComplete="family-name" /></Col>
          </Row>
          <TextField name="companyName" label="Company name" autoComplete="organization" />
          <TextField name="email" label="Email" type="email" autoComplete="email" />
          <TextField name="phoneNumber" label="Phone number (optional)" autoComplete="tel" />
          <TimeZoneField name="timeZone" />
          <TextField name="password" label="Password" type="password" autoComplete="new-password" />
          <TextField name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" />
          <CheckboxField name="acceptTerms">I accept the terms of service</CheckboxField>
          <FormError text={submitError as string | undefined} />
          <Button type="primary" htmlType="submit" loading={submitting} block>Create account</Button>
          <p style={{ marginTop: 16, marginBottom: 0 }}>
            Already have an account? <Link to="/auth/login">Sign in</Link>
          </p>
        </form>
      )}
    </Form>
  );
}
