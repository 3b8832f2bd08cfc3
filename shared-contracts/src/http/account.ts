import * as v from 'valibot';
import { endpoint } from './endpoint';
import { UserPreference } from './users';
import {
  Id, IsoDateTime, PageInput, PlainText, RoleSchema, SearchText, UsPhoneInput, partialUpdate, requestObject,
} from '../schemas/common';
import { AccountListEntry, PlanIdSchema } from '../schemas/entities';
import { IntegrationConnections } from '../schemas/integrations';

const ALL = ['USER', 'AGENT', 'ADMINISTRATOR'] as const;
const ADMIN = ['ADMINISTRATOR'] as const;
const ownAccount = (key: string) => [{ in: 'params', key, owns: 'account' }] as const;

export const TimezoneOption = v.object({
  /** IANA name, e.g. America/New_York. */
  value: v.string(),
  label: v.string(),
  /** Current offset from UTC in minutes (e.g. -300). */
  offsetMinutes: v.number(),
});

export const AccountOverview = v.object({
  account: v.object({ id: Id, name: v.string(), plan: PlanIdSchema, createdAt: IsoDateTime }),
  /** This billing month, cut in the account's time zone (`timeZone`), which its dates are shown in. */
  usage: v.object({ periodStart: IsoDateTime, periodEnd: IsoDateTime, timeZone: v.string(), minutesUsed: v.number(), minuteQuota: v.number() }),
  aiAgentCount: v.number(),
  /** The free-plan cap that applies to the account; null on a paid plan. */
  aiAgentLimit: v.nullable(v.number()),
  humanAgentCount: v.number(),
  callsThisMonth: v.number(),
});
export type AccountOverview = v.InferOutput<typeof AccountOverview>;

export const AccountDetail = v.object({
  ...AccountListEntry.entries,
  /** Free-plan agent cap for this account; null means the default (FREE_PLAN_AGENT_LIMIT). */
  agentCapOverride: v.nullable(v.number()),
  aiAgentCount: v.number(),
  updatedAt: IsoDateTime,
});
export type AccountDetail = v.InferOutput<typeof AccountDetail>;

export const AGENT_CAP_OVERRIDE_MAX = 100;

export const UpdateAccountBody = partialUpdate({
  name: PlainText('Account name', 200),
  plan: v.picklist(PlanIdSchema.options, 'Choose a plan'),
  agentCapOverride: v.nullable(v.pipe(
    v.number('Agent cap must be a number'),
    v.integer('Agent cap must be a whole number'),
    v.minValue(0, `Agent cap must be from 0 to ${AGENT_CAP_OVERRIDE_MAX}`),
    v.maxValue(AGENT_CAP_OVERRIDE_MAX, `Agent cap must be from 0 to ${AGENT_CAP_OVERRIDE_MAX}`),
  )),
  /** The account's users' roles and numbers; each id must be a user of this account. */
  roles: v.pipe(
    v.array(requestObject({
      id: Id,
      title: RoleSchema,
      twilio_number: v.nullable(UsPhoneInput('Twilio number')),
    }), 'Roles must be a list'),
    v.check((rows) => new Set(rows.map((r) => r.id)).size === rows.length, 'Each user may appear only once'),
  ),
});

export const AuditEntry = v.object({
  id: Id,
  at: IsoDateTime,
  /** Who made the change; null for the system. */
  actor: v.nullable(v.object({ id: Id, email: v.string() })),
  action: v.string(),
  changes: v.record(v.string(), v.object({ from: v.unknown(), to: v.unknown() })),
});
export type AuditEntry = v.InferOutput<typeof AuditEntry>;

export const accountContract = {
  getAllAccounts: endpoint({
    method: 'POST', path: 'account/get-all-accounts', summary: 'Every account, filtered and paged (administrators)',
    body: v.object({ ...PageInput, search: SearchText, plan: v.optional(PlanIdSchema) }),
    response: v.array(AccountListEntry), paged: true,
    roles: ['ADMINISTRATOR'], tenant: [],
  }),
  getAccountPreference: endpoint({
    method: 'GET', path: 'account/get-account-preferenece/{userId}', summary: 'The user\'s account preferences, time zone included',
    params: v.object({ userId: Id }),
    response: UserPreference,
    roles: ['USER'], tenant: [{ in: 'params', key: 'userId', owns: 'self' }],
  }),
  getTimezones: endpoint({
    method: 'GET', path: 'account/get-timezones', summary: 'The time zones a user may choose, by offset then name',
    response: v.array(TimezoneOption),
    roles: ALL, tenant: [],
  }),
  getAccountOverview: endpoint({
    method: 'GET', path: 'account/get-account-overview/{id}', summary: 'The caller\'s account at a glance: plan, usage this month, agents',
    params: v.object({ id: Id }),
    response: AccountOverview,
    roles: ALL, tenant: ownAccount('id'),
  }),
  getConnections: endpoint({
    method: 'GET', path: '/account/connections/{accountId}', summary: 'The account\'s integration connections (inside data.data)',
    params: v.object({ accountId: Id }),
    response: v.object({ data: IntegrationConnections }),
    roles: ['USER'], tenant: ownAccount('accountId'),
  }),
  getAccount: endpoint({
    method: 'GET', path: 'account/get-account/{id}', summary: 'One account with its users\' roles, for the admin edit screen',
    params: v.object({ id: Id }),
    response: AccountDetail,
    roles: ADMIN, tenant: ownAccount('id'),
  }),
  updateAccount: endpoint({
    method: 'PATCH', path: 'account/update-account/{id}', summary: 'Edit an account: name, plan, free-plan agent cap, users\' roles and numbers (audited)',
    params: v.object({ id: Id }), body: UpdateAccountBody,
    response: AccountDetail,
    roles: ADMIN, tenant: ownAccount('id'),
  }),
  getAccountAudit: endpoint({
    method: 'GET', path: 'account/get-account-audit/{id}', summary: 'Changes made to an account, newest first',
    params: v.object({ id: Id }), query: v.object({ ...PageInput }),
    response: v.array(AuditEntry), paged: true,
    roles: ADMIN, tenant: ownAccount('id'),
  }),
} as const;
