import { Form } from 'react-final-form';
import * as v from 'valibot';
import { notify, setSessionUser, useApiMutation } from 'shared-auth';
import { UpdateCurrentUserBody, contract } from 'shared-contracts';
import type { CurrentUser } from 'shared-contracts';
import { Button, Col, FormError, Row, TextField, formErrorOf, formInput, validateWith, UnsavedChangesGuard } from 'shared-ui';
import { TimeZoneField } from '../../auth/components/time-zone-field';

const KEYS = ['firstName', 'lastName', 'phoneNumber', 'timeZone'] as const;
type Values = Partial<Record<(typeof KEYS)[number], string>>;

/** Only the fields that changed go to the server; a cleared phone is sent as null. */
function changes(values: Values, initial: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of KEYS) {
    const now = values[key]?.trim() ?? '';
    if (now === (initial[key] ?? '')) continue;
    out[key] = key === 'phoneNumber' && now === '' ? null : now;
  }
  return out;
}

const checkFields = validateWith(UpdateCurrentUserBody, (values: Values) => formInput(values, KEYS));

export function ProfileForm({ current, onSaved }: { current: CurrentUser; onSaved: (next: CurrentUser) => void }) {
  const update = useApiMutation(contract.users.updateCurrentUser, { invalidates: [contract.users.getCurrentUser] });
  const initial: Values = {
    firstName: current.user.firstName, lastName: current.user.lastName,
    phoneNumber: current.phoneNumber ?? '', timeZone: current.user.timeZone,
  };
  const validate = (values: Values) => {
    // Field rules apply to what was typed; empty phone means "no phone".
    const typed = { ...values, phoneNumber: values.phoneNumber?.trim() ? values.phoneNumber : undefined };
    const errors: Record<string, unknown> = { ...checkFields(typed) };
    if (!typed.firstName?.trim()) errors.firstName = 'First name is required';
    if (!typed.lastName?.trim()) errors.lastName = 'Last name is required';
    return errors;
  };
  const submit = async (values: Values) => {
    try {
      const body = v.parse(UpdateCurrentUserBody, changes(values, initial));
      const { data } = await update.trigger({ params: { userId: current.user.id }, body });
      setSessionUser(data.user);
      notify.success('Profile updated');
      onSaved(data);
      return undefined;
    } catch (error) {
      return formErrorOf(error);
    }
  };
  return (
    <Form<Values> onSubmit={submit} validate={validate} initialValues={initial}>
      {({ handleSubmit, submitting, submitError, pristine }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Profile">
          <UnsavedChangesGuard />
          <Row gutter={12}>
            <Col xs={24} md={12}><TextField name="firstName" label="First name" autoComplete="given-name" /></Col>
            <Col xs={24} md={12}><TextField name="lastName" label="Last name" autoComplete="family-name" /></Col>
          </Row>
          <TextField name="phoneNumber" label="Phone number" autoComplete="tel" />
          <TimeZoneField name="timeZone" />
          <FormError text={submitError as string | undefined} />
          <Button type="primary" htmlType="submit" loading={submitting} disabled={pristine}>Save changes</Button>
        </form>
      )}
    </Form>
  );
}
