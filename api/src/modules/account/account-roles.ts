import type { AccountListEntry } from 'shared-contracts';
import type { UserRow } from '../../db/schema';
import { fullName } from '../users';

/** A user as one of its account's roles (spec: id, title, description, twilio_number). */
export const toRoleEntry = (user: UserRow): AccountListEntry['roles'][number] => ({
  id: user.id,
  title: user.role,
  description: `${fullName(user)} <${user.email}>`,
  twilio_number: user.agentNumber,
});
