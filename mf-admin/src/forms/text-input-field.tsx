import { useId } from 'react';
import { Field } from 'react-final-form';
import { Input } from 'shared-ui';
import { FieldFrame, errorProps } from './field-frame';

interface TextInputFieldProps {
  name: string;
  label: string;
  secret?: boolean;
  placeholder?: string;
  hint?: string;
  multiline?: boolean;
}

/** A labelled text input whose message shows once the field was left or a save was tried. */
export function TextInputField({ name, label, secret, placeholder, hint, multiline }: TextInputFieldProps) {
  const id = useId();
  return (
    // Keep '' as '' (final-form would turn it into undefined), so clearing a field is a change.
    <Field<string> name={name} parse={(value) => value}>
      {({ input, meta }) => {
        const error = meta.touched || meta.submitFailed ? (meta.error as string | undefined) : undefined;
        const common = { ...input, id, placeholder, ...errorProps(id, error) };
        return (
          <FieldFrame id={id} label={label} error={error} hint={hint}>
            {secret ? (
              <Input.Password {...common} autoComplete="new-password" />
            ) : multiline ? (
              <Input.TextArea {...common} autoSize={{ minRows: 2, maxRows: 6 }} />
            ) : (
              <Input {...common} autoComplete="off" />
            )}
          </FieldFrame>
        );
      }}
    </Field>
  );
}
