import { useMemo, type CSSProperties } from 'react';
import { ERROR_COLOR, FormField } from 'shared-ui';

/** The browser's own zone, the usual answer to "which time zone are you in?". */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const zones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : [browserTimeZone()];
};

// The browser's own select, drawn like antd's inputs: a phone opens its native picker, a
// keyboard jumps by typing, and the sign-up page carries no select component (docs/decisions/3302).
const selectStyle: CSSProperties = {
  width: '100%', height: 32, padding: '0 11px', fontSize: 14, fontFamily: 'inherit', color: 'inherit',
  background: '#fff', border: '1px solid #d9d9d9', borderRadius: 6,
};

/** A time zone select, for final-form; a saved zone the browser does not list stays choosable. */
export function TimeZoneField({ name, label = 'Time zone' }: { name: string; label?: string }) {
  const known = useMemo(zones, []);
  return (
    <FormField<string> name={name} label={label} render={(input, c) => {
      const value = input.value || '';
      const options = value === '' || known.includes(value) ? known : [value, ...known];
      return (
        <select
          id={c.id}
          name={input.name}
          value={value}
          onChange={(event) => input.onChange(event.target.value)}
          onBlur={() => input.onBlur()}
          aria-invalid={c.invalid || undefined}
          aria-describedby={c.describedBy}
          style={c.invalid ? { ...selectStyle, borderColor: ERROR_COLOR } : selectStyle}
        >
          {value === '' && <option value="">Choose a time zone</option>}
          {options.map((zone) => <option key={zone} value={zone}>{zone.replace(/_/g, ' ')}</option>)}
        </select>
      );
    }} />
  );
}
