import type { SessionUser } from 'shared-contracts';
import type { UserRow } from '../../db/schema';

/** The user as the browser sees it: never the password hash. */
export const toSessionUser = (row: UserRow): SessionUser => ({
  id: row.id,
  accountId: row.accountId,
  email: row.email,
  role: row.role,
  firstName: row.firstName,
  lastName: row.lastName,
  agentNumber: row.agentNumber,
  timeZone: row.timeZone,
});

export const fullName = (user: { firstName: string; lastName: string }): string =>
  `${user.firstName} ${user.lastName}`.trim();
