import type { AccountRow, AuditChanges, UserRow } from '../../db/schema';
import { ApiError, badRequest } from '../../http/api-error';

export interface RoleUpdate {
  id: string;
  title: UserRow['role'];
  twilio_number: string | null;
}

export interface AccountUpdate {
  name?: string;
  plan?: AccountRow['plan'];
  agentCapOverride?: number | null;
  roles?: RoleUpdate[];
}

export interface PlannedChanges {
  account: Partial<Pick<AccountRow, 'name' | 'plan' | 'agentCapOverride'>>;
  users: Array<{ id: string; role: UserRow['role']; agentNumber: string | null }>;
  audit: AuditChanges;
}

const refuse = (message: string) => badRequest(message, [message]);

/**
 * What an update really changes, field by field, checked against the account's users before
 * anything is written. `numberOwner` answers which user (if any) holds a number now.
 */
export async function planChanges(
  account: AccountRow,
  members: UserRow[],
  update: AccountUpdate,
  callerId: string,
  numberOwner: (number: string) => Promise<string | null>,
): Promise<PlannedChanges> {
  const planned: PlannedChanges = { account: {}, users: [], audit: {} };
  for (const key of ['name', 'plan', 'agentCapOverride'] as const) {
    const to = update[key];
    if (to !== undefined && to !== account[key]) {
      Object.assign(planned.account, { [key]: to });
      planned.audit[key] = { from: account[key], to };
    }
  }

  const byId = new Map(members.map((m) => [m.id, m]));
  const numbers = new Set<string>();
  for (const row of update.roles ?? []) {
    const member = byId.get(row.id);
    if (!member) throw refuse('Roles may only list users of this account');
    if (row.title !== member.role && member.id === callerId) throw refuse('You cannot change your own role');
    if (row.twilio_number !== null) {
      if (numbers.has(row.twilio_number)) throw refuse(`${row.twilio_number} is given to more than one user`);
      numbers.add(row.twilio_number);
    }
    if (row.title === member.role && row.twilio_number === member.agentNumber) continue;
    if (row.twilio_number !== null && row.twilio_number !== member.agentNumber) {
      const holder = await numberOwner(row.twilio_number);
      const freedHere = holder !== null && update.roles!.some((r) => r.id === holder && r.twilio_number !== row.twilio_number);
      if (holder !== null && holder !== member.id && !freedHere) {
        throw new ApiError(409, 'Conflict', `${row.twilio_number} is already used by another user`);
      }
    }
    planned.users.push({ id: member.id, role: row.title, agentNumber: row.twilio_number });
    if (row.title !== member.role) planned.audit[`${member.email} role`] = { from: member.role, to: row.title };
    if (row.twilio_number !== member.agentNumber) {
      planned.audit[`${member.email} twilio_number`] = { from: member.agentNumber, to: row.twilio_number };
    }
  }
  return planned;
}
