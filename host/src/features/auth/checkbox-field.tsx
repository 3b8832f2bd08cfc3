import type { ReactNode } from 'react';
import { Field } from 'react-final-form';
import { Checkbox, Typography } from 'shared-ui';

/** A checkbox with its validation message once touched. */
export function CheckboxField({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Field<boolean> name={name} type="checkbox">
      {({ input, meta }) => {
        const error = meta.touched ? (meta.error as string | undefined) : undefined;
        return (
          <div style={{ marginBottom: 16 }}>
            <Checkbox checked={Boolean(input.checked)} onChange={(e) => input.onChange(e.target.checked)} onBlur={() => input.onBlur()} aria-invalid={Boolean(error)}>
              {children}
            </Checkbox>
            {error && <Typography.Text type="danger" style={{ display: 'block', marginTop: 4 }}>{error}</Typography.Text>}
          </div>
        );
      }}
    </Field>
  );
}
