import { useId, useMemo } from 'react';
import { Field } from 'react-final-form';
import { Select, Typography } from 'shared-ui';

/** The browser's own zone, the usual answer to "which time zone are you in?". */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const zones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : [browserTimeZone()];
};

/** A searchable time zone select, for final-form. */
export function TimeZoneField({ name, label = 'Time zone' }: { name: string; label?: string }) {
  const id = useId();
  const options = useMemo(() => zones().map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })), []);
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = meta.touched ? (meta.error as string | undefined) : undefined;
        return (
          <div style={{ marginBottom: 16 }}>
            <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>{label}</label>
            <Select
              id={id}
              showSearch
              value={input.value || undefined}
              onChange={(value: string) => input.onChange(value)}
              onBlur={() => input.onBlur()}
              options={options}
              status={error ? 'error' : undefined}
              style={{ width: '100%' }}
            />
            {error && <Typography.Text type="danger" style={{ display: 'block', marginTop: 4 }}>{error}</Typography.Text>}
          </div>
        );
      }}
    </Field>
  );
}
