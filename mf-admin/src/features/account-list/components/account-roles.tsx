import type { AccountListEntry } from 'shared-contracts';
import { Tag } from 'shared-ui';

/** Each of the account's users: the role title and the Twilio number it calls from. */
export function AccountRoles({ roles }: { roles: AccountListEntry['roles'] }) {
  if (roles.length === 0) return <>No users</>;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {roles.map((role) => (
        <li key={role.id} title={role.description || undefined}>
          <Tag>{role.title}</Tag>
          {role.twilio_number ?? 'No number'}
        </li>
      ))}
    </ul>
  );
}
