import { useId } from 'react';
import { Field } from 'react-final-form';
import { Input, Typography } from 'shared-ui';

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
}

/** A labelled input with its validation message underneath once touched. */
export function TextField({ name, label, type = 'text', autoComplete }: TextFieldProps) {
  const id = useId();
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = meta.touched ? (meta.error as string | undefined) : undefined;
        const InputComponent = type === 'password' ? Input.Password : Input;
        return (
          <div style={{ marginBottom: 16 }}>
            <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
              {label}
            </label>
            <InputComponent
              {...input}
              id={id}
              type={type === 'password' ? undefined : type}
              autoComplete={autoComplete}
              status={error ? 'error' : undefined}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error && (
              <Typography.Text type="danger" id={`${id}-error`} style={{ display: 'block', marginTop: 4 }}>
                {error}
              </Typography.Text>
            )}
          </div>
        );
      }}
    </Field>
  );
}
