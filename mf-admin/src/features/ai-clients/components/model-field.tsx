import { useId } from 'react';
import { Field } from 'react-final-form';
import { Input } from 'shared-ui';
import { FieldFrame, errorProps } from '../../../forms/field-frame';
import { shownError } from './shown-error';

export function ModelField() {
  const id = useId();
  return (
    <Field<string> name="model" parse={(value) => value}>
      {({ input, meta }) => {
        const error = shownError(meta);
        return (
          <FieldFrame id={id} label="Model" error={error}>
            <Input {...input} id={id} placeholder="e.g. gpt-4o" autoComplete="off" {...errorProps(id, error)} />
          </FieldFrame>
        );
      }}
    </Field>
  );
}
