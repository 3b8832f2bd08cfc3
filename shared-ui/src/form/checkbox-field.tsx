import { useId, type ReactNode } from 'react';
import { Field } from 'react-final-form';
import { Checkbox } from '../antd/checkbox';
import { useErrorTiming } from './error-timing';
import { FieldMessage, describedBy } from './field-message';
import { shownError } from './shown-error';

/** A checkbox whose text is its label, with its message below by the kit's one rule. */
export function CheckboxField({ name, children }: { name: string; children: ReactNode }) {
  const id = useId();
  const timing = useErrorTiming();
  return (
    <Field<boolean> name={name} type="checkbox">
      {({ input, meta }) => {
        const error = shownError(meta, timing);
        return (
          <div style={{ marginBottom: 16 }}>
            <Checkbox
              id={id}
              checked={Boolean(input.checked)}
              onChange={(e) => input.onChange(e.target.checked)}
              onBlur={() => input.onBlur()}
              aria-invalid={Boolean(error)}
              aria-describedby={describedBy(id, error, undefined)}
            >
              {children}
            </Checkbox>
            <FieldMessage id={id} error={error} />
          </div>
        );
      }}
    </Field>
  );
}
