import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Id, IsoDateTime, PlainText, TimeZone, UsPhoneInput, partialUpdate } from '../schemas/common';
import { PlanIdSchema, SessionUser } from '../schemas/entities';
import { BILLING_PERIODS } from '../domain/plans';

const ALL = ['USER', 'AGENT', 'ADMINISTRATOR'] as const;
const self = [{ in: 'params', key: 'userId', owns: 'self' }] as const;

/** Profile fields a user edits; email changes are not offered here (they need re-verification). */
export const UpdateCurrentUserBody = partialUpdate({
  firstName: PlainText('First name', 100),
  lastName: PlainText('Last name', 100),
  phoneNumber: v.nullable(UsPhoneInput()),
  timeZone: TimeZone,
});

/** `user` is the session user; `phoneNumber` (the user's own, where SMS codes would go) is not part of it. */
export const CurrentUser = v.object({ user: SessionUser, phoneNumber: v.nullable(v.string()) });
export type CurrentUser = v.InferOutput<typeof CurrentUser>;

export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export const TIME_FORMATS = ['12h', '24h'] as const;

/** The account preferences of a user; the server spells the time zone `timezone` (the client's `timeZone`). */
export const UserPreference = v.object({
  timezone: v.string(),
  dateFormat: v.picklist(DATE_FORMATS),
  timeFormat: v.picklist(TIME_FORMATS),
  emailNotifications: v.boolean(),
  smsNotifications: v.boolean(),
  weeklySummaryEmail: v.boolean(),
});
export type UserPreference = v.InferOutput<typeof UserPreference>;

export const UpdateUserPreferenceBody = partialUpdate({
  timezone: TimeZone,
  dateFormat: v.picklist(DATE_FORMATS, 'Choose a date format'),
  timeFormat: v.picklist(TIME_FORMATS, 'Choose 12-hour or 24-hour time'),
  emailNotifications: v.boolean('Email notifications must be on or off'),
  smsNotifications: v.boolean('SMS notifications must be on or off'),
  weeklySummaryEmail: v.boolean('Weekly summary email must be on or off'),
});

export const SESSION_TIMEOUT_MINUTES = { min: 15, max: 1440 } as const;

export const SecurityPreference = v.object({
  twoStepEnabled: v.boolean(),
  twoStepChannel: v.picklist(['email', 'sms']),
  loginAlerts: v.boolean(),
  /** Idle time after which the session token stops working. */
  sessionTimeoutMinutes: v.number(),
  passwordChangedAt: v.nullable(IsoDateTime),
});
export type SecurityPreference = v.InferOutput<typeof SecurityPreference>;

export const UpdateSecurityPreferenceBody = partialUpdate({
  twoStepEnabled: v.boolean('Two-step verification must be on or off'),
  twoStepChannel: v.picklist(['email', 'sms'], 'Choose email or SMS'),
  loginAlerts: v.boolean('Login alerts must be on or off'),
  sessionTimeoutMinutes: v.pipe(
    v.number('Session timeout must be a number of minutes'),
    v.integer('Session timeout must be a whole number of minutes'),
    v.minValue(SESSION_TIMEOUT_MINUTES.min, `Session timeout must be at least ${SESSION_TIMEOUT_MINUTES.min} minutes`),
    v.maxValue(SESSION_TIMEOUT_MINUTES.max, `Session timeout must be at most ${SESSION_TIMEOUT_MINUTES.max} minutes`),
  ),
});

export const SUBSCRIPTION_STATUSES = ['none', 'trialing', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;

export const BillingInformation = v.object({
  plan: PlanIdSchema,
  period: v.nullable(v.picklist(BILLING_PERIODS)),
  status: v.picklist(SUBSCRIPTION_STATUSES),
  currentPeriodEnd: v.nullable(IsoDateTime),
  cancelAtPeriodEnd: v.boolean(),
  /** The last renewal charge failed and has not been paid since; the provider retries at `nextAttemptAt`. */
  paymentFailure: v.nullable(v.object({ failedAt: IsoDateTime, nextAttemptAt: v.nullable(IsoDateTime) })),
  /** The account has a customer at the payment provider, so its portal can be opened. */
  canManageSubscription: v.boolean(),
  paymentMethod: v.nullable(v.object({ brand: v.string(), last4: v.string(), expMonth: v.number(), expYear: v.number() })),
  /** The account's time zone, which its billing dates are shown in (billingTimeZone). */
  timeZone: v.string(),
  invoices: v.array(v.object({
    id: v.string(),
    number: v.nullable(v.string()),
    /** In the currency's major unit (dollars). */
    amount: v.number(),
    currency: v.string(),
    status: v.picklist(INVOICE_STATUSES),
    issuedAt: IsoDateTime,
    pdfUrl: v.nullable(v.string()),
    /** Of `amount`, what closed months' overage minutes added. */
    overageAmount: v.number(),
  })),
  /** Closed months' minutes over the quota, reported to the provider and billed on the next invoice. */
  unbilledOverage: v.array(v.object({ monthStart: IsoDateTime, minutes: v.number(), amount: v.number() })),
});
export type BillingInformation = v.InferOutput<typeof BillingInformation>;

export const usersContract = {
  getCurrentUser: endpoint({
    method: 'GET', path: 'users/get-current-user/{userId}', summary: 'The signed-in user\'s own record, with the profile fields the session user leaves out',
    params: v.object({ userId: Id }),
    response: CurrentUser,
    roles: ALL, tenant: [{ in: 'params', key: 'userId', owns: 'self' }],
  }),
  updateCurrentUser: endpoint({
    method: 'PATCH', path: 'users/update-current-user/{userId}', summary: 'Update the signed-in user\'s profile (the body is the update object)',
    params: v.object({ userId: Id }), body: UpdateCurrentUserBody,
    response: CurrentUser,
    roles: ALL, tenant: self,
  }),
  updateUserPreference: endpoint({
    method: 'PATCH', path: 'users/update-user-preference/{userId}', summary: 'Update the user\'s account preferences (the body is the update object)',
    params: v.object({ userId: Id }), body: UpdateUserPreferenceBody,
    response: UserPreference,
    roles: ['USER'], tenant: self,
  }),
  getSecurityPreference: endpoint({
    method: 'GET', path: 'users/get-security-preference/{userId}', summary: 'The user\'s security settings',
    params: v.object({ userId: Id }),
    response: SecurityPreference,
    roles: ALL, tenant: self,
  }),
  updateSecurityPreference: endpoint({
    method: 'PATCH', path: 'users/update-security-preference/{userId}', summary: 'Update the user\'s security settings (the body is the update object)',
    params: v.object({ userId: Id }), body: UpdateSecurityPreferenceBody,
    response: SecurityPreference,
    roles: ALL, tenant: self,
  }),
  getBillingInformation: endpoint({
    method: 'GET', path: 'users/get-billing-information/{accountId}', summary: 'The account\'s subscription, payment method and invoices',
    params: v.object({ accountId: Id }),
    response: BillingInformation,
    roles: ['USER'], tenant: [{ in: 'params', key: 'accountId', owns: 'account' }],
  }),
} as const;
