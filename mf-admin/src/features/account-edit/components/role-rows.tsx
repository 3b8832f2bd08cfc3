import { Field } from 'react-final-form';
import { ROLES, type Role } from 'shared-contracts';
import { FormField, Input, Select, Typography } from 'shared-ui';
import type { RoleRow } from '../model/account-form-values';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }));
const cell = { padding: '8px 12px 8px 0', verticalAlign: 'top' } as const;

/** The account's users: each one's role and the Twilio number it calls and texts from. */
export function RoleRows({ rows }: { rows: RoleRow[] }) {
  if (rows.length === 0) return <Typography.Text type="secondary">This account has no users.</Typography.Text>;
  return (
    <table aria-label="Users' roles" style={{ width: '100%', borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th style={{ ...cell, textAlign: 'start' }}>User</th>
          <th style={{ ...cell, textAlign: 'start' }}>Role</th>
          <th style={{ ...cell, textAlign: 'start' }}>Twilio number</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={row.id}>
            <td style={cell}>{row.description}</td>
            <td style={cell}>
              <Field<Role> name={`roles[${i}].title`}>
                {({ input }) => (
                  <Select<Role>
                    aria-label={`Role of ${row.description}`}
                    options={ROLE_OPTIONS}
                    value={input.value}
                    onChange={(value) => input.onChange(value)}
                    style={{ minWidth: 160 }}
                  />
                )}
              </Field>
            </td>
            <td style={cell}>
              <FormField<string> name={`roles[${i}].twilio_number`} label={`Twilio number of ${row.description}`} hideLabel render={(input, c) => (
                <Input {...input} id={c.id} placeholder="No number" status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
              )} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
