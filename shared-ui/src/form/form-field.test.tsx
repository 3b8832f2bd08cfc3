import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import { CheckboxField } from './checkbox-field';
import { ErrorsAfterSubmit } from './error-timing';
import { FormError } from './form-error';
import { TextField } from './text-field';

interface Values { name?: string; email?: string; terms?: boolean }

const required = (values: Values) => ({
  ...(values.name ? {} : { name: 'Name is required' }),
  ...(values.email?.includes('@') ? {} : { email: 'Enter a valid email address' }),
  ...(values.terms ? {} : { terms: 'Accept the terms' }),
});

function renderForm(fields: ReactNode, onSubmit: (values: Values) => object | undefined = () => undefined) {
  return render(
    <Form<Values> onSubmit={onSubmit} validate={required}>
      {({ handleSubmit, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Test form">
          {fields}
          <FormError text={submitError as string | undefined} />
          <button type="submit">Save</button>
        </form>
      )}
    </Form>,
  );
}

test('a field\'s message waits until the field is left, then names the field invalid', async () => {
  renderForm(<TextField name="name" label="Name" hint="As on your passport" />);
  const name = screen.getByLabelText('Name');
  expect(name).toHaveAccessibleDescription('As on your passport');
  await userEvent.click(name);
  expect(screen.queryByText('Name is required')).toBeNull();
  await userEvent.tab();
  expect(name).toHaveAccessibleDescription('Name is required');
  expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByText('As on your passport')).toBeNull();
  await userEvent.type(name, 'Ada');
  expect(name).toHaveAccessibleDescription('As on your passport');
  expect(name).toHaveAttribute('aria-invalid', 'false');
});

test('a failed submit shows the message of every field, touched or not, and sends nothing', async () => {
  const onSubmit = jest.fn();
  renderForm(<><TextField name="name" label="Name" /><TextField name="email" label="Email" type="email" /><CheckboxField name="terms">I accept</CheckboxField></>, onSubmit);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
  expect(screen.getByRole('checkbox', { name: 'I accept' })).toHaveAccessibleDescription('Accept the terms');
  expect(onSubmit).not.toHaveBeenCalled();
});

test('a message the server gave for a field shows until that field changes; the form\'s own stays until the next submit', async () => {
  renderForm(
    <><TextField name="name" label="Name" /><TextField name="email" label="Email" /><CheckboxField name="terms">I accept</CheckboxField></>,
    () => ({ email: 'This address is taken', [FORM_ERROR]: 'Check the fields below' }),
  );
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  await userEvent.click(screen.getByRole('checkbox', { name: 'I accept' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('This address is taken')).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText('Check the fields below').closest('[role="alert"]')).not.toBeNull();

  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada L' } });
  expect(screen.getByText('This address is taken')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.org' } });
  expect(screen.queryByText('This address is taken')).toBeNull();
  expect(screen.getByText('Check the fields below')).toBeInTheDocument();
});

test('inside ErrorsAfterSubmit nothing shows before the first submit, then every change is checked again', async () => {
  renderForm(<ErrorsAfterSubmit><TextField name="name" label="Name" /></ErrorsAfterSubmit>);
  const name = screen.getByLabelText('Name');
  await userEvent.click(name);
  await userEvent.tab();
  expect(screen.queryByText('Name is required')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(name).toHaveAccessibleDescription('Name is required');
  await userEvent.type(name, 'A');
  expect(screen.queryByText('Name is required')).toBeNull();
  await userEvent.clear(name);
  expect(name).toHaveAccessibleDescription('Name is required');
});

test('an emptied field holds an empty text, not nothing', async () => {
  const onSubmit = jest.fn();
  render(
    <Form<Values> onSubmit={onSubmit} initialValues={{ name: 'Ada' }}>
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit}>
          <TextField name="name" label="Name" />
          <button type="submit">Save</button>
        </form>
      )}
    </Form>,
  );
  await userEvent.clear(screen.getByLabelText('Name'));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSubmit.mock.calls[0]![0]).toEqual({ name: '' });
});
