import { useId, type CSSProperties, type ReactNode } from 'react';
import { Field, type FieldInputProps } from 'react-final-form';
import { visuallyHiddenStyle } from '../layout/visually-hidden';
import { useErrorTiming } from './error-timing';
import { FieldMessage, describedBy } from './field-message';
import { shownError } from './shown-error';

/** What a control needs to be named, described and marked invalid by its field. */
export interface ControlProps {
  id: string;
  invalid: boolean;
  describedBy: string | undefined;
  /** antd's `status` prop. */
  status: 'error' | undefined;
}

export interface FormFieldProps<T> {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** A label read by screen readers only, for a control whose column header names it. */
  hideLabel?: boolean;
  /** final-form's checkbox mode: `input.checked` holds the value. */
  type?: 'checkbox';
  /** Keep null as null (final-form would make it ''). */
  allowNull?: boolean;
  render: (input: FieldInputProps<T>, control: ControlProps) => ReactNode;
}

// An emptied input keeps '' (final-form would make it undefined), so a cleared optional field
// reads as an empty value, the same as one never filled in.
const keepAsTyped = <T,>(value: T) => value;

const labelStyle: CSSProperties = { display: 'block', marginBottom: 4, fontWeight: 500 };

/** A form field: its label above the control, its error (or hint) below, by the kit's one rule. */
export function FormField<T>({ name, label, hint, hideLabel, type, allowNull, render }: FormFieldProps<T>) {
  const id = useId();
  const timing = useErrorTiming();
  return (
    <Field<T> name={name} parse={keepAsTyped} type={type} allowNull={allowNull}>
      {({ input, meta }) => {
        const error = shownError(meta, timing);
        const control = { id, invalid: Boolean(error), describedBy: describedBy(id, error, hint), status: error ? ('error' as const) : undefined };
        return (
          <div style={{ marginBottom: hideLabel ? 0 : 16 }}>
            <label htmlFor={id} style={hideLabel ? visuallyHiddenStyle : labelStyle}>{label}</label>
            {render(input, control)}
            <FieldMessage id={id} error={error} hint={hint} />
          </div>
        );
      }}
    </Field>
  );
}
