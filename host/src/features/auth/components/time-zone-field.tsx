import { useMemo } from 'react';
import { FormField, Select } from 'shared-ui';

/** The browser's own zone, the usual answer to "which time zone are you in?". */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const zones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : [browserTimeZone()];
};

/** A searchable time zone select, for final-form. */
export function TimeZoneField({ name, label = 'Time zone' }: { name: string; label?: string }) {
  const options = useMemo(() => zones().map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })), []);
  return (
    <FormField<string> name={name} label={label} render={(input, c) => (
      <Select
        id={c.id}
        showSearch
        value={input.value || undefined}
        onChange={(value: string) => input.onChange(value)}
        onBlur={() => input.onBlur()}
        options={options}
        status={c.status}
        aria-describedby={c.describedBy}
        style={{ width: '100%' }}
      />
    )} />
  );
}
