import {
  UpdateAccountBody, normalizePhoneB, type AccountDetail, type BodyInputOf, type PlanId, type Role, type contract,
} from 'shared-contracts';
import { validateWith } from 'shared-ui';

export interface RoleRow {
  id: string;
  title: Role;
  description: string;
  twilio_number: string;
}

export interface AccountFormValues {
  name: string;
  plan: PlanId;
  /** null: the free plan's default cap. */
  agentCapOverride: number | null;
  roles: RoleRow[];
}

type UpdateBody = BodyInputOf<typeof contract.account.updateAccount>;

export const formValuesOf = (account: AccountDetail): AccountFormValues => ({
  name: account.name,
  plan: account.plan,
  agentCapOverride: account.agentCapOverride,
  roles: account.roles.map((role) => ({ ...role, twilio_number: role.twilio_number ?? '' })),
});

const numberOrNull = (text: string | undefined) => ((text ?? '').trim() === '' ? null : text!);
const roleInput = (row: RoleRow) => ({ id: row.id, title: row.title, twilio_number: numberOrNull(row.twilio_number) });

/** Every field as the server would read it, for validation. */
const fullBody = (values: AccountFormValues): UpdateBody => ({
  name: values.name ?? '',
  plan: values.plan,
  agentCapOverride: values.agentCapOverride ?? null,
  roles: (values.roles ?? []).map(roleInput),
});

export const validateAccount = validateWith<AccountFormValues>(UpdateAccountBody, fullBody);

/** Only what differs from the stored account; a number counts as changed once normalised (spec normalisation B). */
export function changedBody(account: AccountDetail, values: AccountFormValues): UpdateBody {
  const body: UpdateBody = {};
  if (values.name.trim() !== account.name) body.name = values.name;
  if (values.plan !== account.plan) body.plan = values.plan;
  if ((values.agentCapOverride ?? null) !== account.agentCapOverride) body.agentCapOverride = values.agentCapOverride ?? null;
  const roles = values.roles.filter((row, i) => {
    const stored = account.roles[i];
    const number = numberOrNull(row.twilio_number);
    return !stored || row.title !== stored.title || (number === null ? null : normalizePhoneB(number)) !== stored.twilio_number;
  });
  if (roles.length > 0) body.roles = roles.map(roleInput);
  return body;
}
