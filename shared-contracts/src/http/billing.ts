import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Id, IsoDateTime, requestObject } from '../schemas/common';
import { PlanIdSchema } from '../schemas/entities';
import { BILLING_PERIODS, PAID_PLAN_IDS } from '../domain/plans';

/** The payment page returns to /dashboard/subscription-plans/success or /cancel. */
export const CreateCheckoutSessionBody = requestObject({
  planId: v.picklist(PAID_PLAN_IDS, 'Choose a plan'),
  period: v.picklist(BILLING_PERIODS, 'Choose monthly or yearly billing'),
});

/** A checkout's state: `open` until paid (`completed`), left (`canceled`) or past its expiry (`expired`). */
export const CHECKOUT_STATUSES = ['open', 'completed', 'canceled', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** The payment provider's session id, as it comes back on the success page's `session_id`. */
export const CheckoutSessionId = v.pipe(
  v.string('Invalid checkout session id'),
  v.maxLength(255, 'Invalid checkout session id'),
  v.regex(/^cs_[A-Za-z0-9_]+$/, 'Invalid checkout session id'),
);

/** One checkout the account started: what it buys and whether it has been paid. */
export const CheckoutSession = v.object({
  sessionId: v.string(),
  planId: v.picklist(PAID_PLAN_IDS),
  period: v.picklist(BILLING_PERIODS),
  status: v.picklist(CHECKOUT_STATUSES),
  /** What the checkout charges, in the currency's major unit (dollars). */
  amount: v.number(),
  currency: v.string(),
});
export type CheckoutSession = v.InferOutput<typeof CheckoutSession>;

export const Usage = v.object({
  accountId: Id,
  plan: PlanIdSchema,
  /** This calendar month on the account's clock (billingMonth). */
  periodStart: IsoDateTime,
  periodEnd: IsoDateTime,
  /** The account's time zone the month is cut in, and shown in. */
  timeZone: v.string(),
  minutesUsed: v.number(),
  minuteQuota: v.number(),
  /** Minutes beyond the quota, billed at the plan's overage price. */
  overageMinutes: v.number(),
  overageCost: v.number(),
});
export type Usage = v.InferOutput<typeof Usage>;

/** Asked for the customer portal by an account that has never paid: there is nothing to manage. */
export const NO_SUBSCRIPTION_TO_MANAGE_TEXT = 'There is no subscription to manage yet. Choose a plan first.';

export const PortalSession = v.object({ url: v.string() });

/** Asked to cancel or resume a subscription that has already ended, or that the account never had. */
export const NO_SUBSCRIPTION_TO_CANCEL_TEXT = 'There is no active subscription to cancel or resume.';
export const SUBSCRIPTION_CHANGE_FAILED_TEXT = 'The payment provider could not change the subscription. Please try again.';

/**
 * A subscription's end as the account now holds it: cancelled subscriptions run to the end of
 * the period paid for (`currentPeriodEnd`), then the account moves to the free plan.
 */
export const SubscriptionEnd = v.object({ cancelAtPeriodEnd: v.boolean(), currentPeriodEnd: IsoDateTime });
export type SubscriptionEnd = v.InferOutput<typeof SubscriptionEnd>;

export const billingContract = {
  createCheckoutSession: endpoint({
    method: 'POST', path: 'billing/create-checkout-session', summary: 'Start the payment provider\'s checkout for a plan and billing period',
    body: CreateCheckoutSessionBody,
    response: v.object({ sessionId: v.string(), url: v.string() }),
    roles: ['USER'], tenant: [],
  }),
  getCheckoutSession: endpoint({
    method: 'GET', path: 'billing/get-checkout-session/{sessionId}', summary: 'Whether a checkout the account started has been paid (the success page asks until it has)',
    params: v.object({ sessionId: CheckoutSessionId }), response: CheckoutSession,
    roles: ['USER'], tenant: [{ in: 'params', key: 'sessionId', owns: 'checkoutSession' }],
  }),
  createPortalSession: endpoint({
    method: 'POST', path: 'billing/create-portal-session', summary: 'Open the payment provider\'s customer portal, where the subscription is changed or cancelled and the card updated',
    response: PortalSession,
    roles: ['USER'], tenant: [],
  }),
  cancelSubscription: endpoint({
    method: 'POST', path: 'billing/cancel-subscription', summary: 'Cancel the subscription at the end of the period paid for; the plan stays until then',
    response: SubscriptionEnd,
    roles: ['USER'], tenant: [],
  }),
  resumeSubscription: endpoint({
    method: 'POST', path: 'billing/resume-subscription', summary: 'Keep a subscription that was cancelled at its period\'s end: it renews again',
    response: SubscriptionEnd,
    roles: ['USER'], tenant: [],
  }),
  getUsage: endpoint({
    method: 'GET', path: 'billing/get-usage/{accountId}', summary: 'Call minutes used this month against the plan\'s quota',
    params: v.object({ accountId: Id }), response: Usage,
    roles: ['USER'], tenant: [{ in: 'params', key: 'accountId', owns: 'account' }],
  }),
} as const;
