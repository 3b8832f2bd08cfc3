import { useId, type ReactNode } from 'react';
import { Field, type FieldInputProps } from 'react-final-form';
import { Typography } from 'shared-ui';

export interface ControlProps {
  id: string;
  invalid: boolean;
  describedBy: string | undefined;
}

interface LabeledFieldProps<T> {
  name: string;
  label: string;
  hint?: ReactNode;
  render: (input: FieldInputProps<T>, control: ControlProps) => ReactNode;
}

const keepAsTyped = <T,>(value: T) => value;

/** A form field with its label above and its validation (or server) message below once touched. */
export function LabeledField<T>({ name, label, hint, render }: LabeledFieldProps<T>) {
  const id = useId();
  return (
    // An emptied input keeps '' (final-form would make it undefined), so every form reads a
    // cleared optional field as an empty value, the same as one never filled in.
    <Field<T> name={name} parse={keepAsTyped}>
      {({ input, meta }) => {
        const error = meta.touched ? ((meta.error ?? (meta.dirtySinceLastSubmit ? undefined : meta.submitError)) as string | undefined) : undefined;
        return (
          <div style={{ marginBottom: 16 }}>
            <label htmlFor={id} style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>
              {label}
            </label>
            {render(input, { id, invalid: Boolean(error), describedBy: error ? `${id}-error` : undefined })}
            {hint && !error && <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>{hint}</Typography.Text>}
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
