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

export const billingContract = {
  createCheckoutSession: endpoint({
    method: 'POST', path: 'billing/create-checkout-session', summary: 'Start the payment provider\'s checkout for a plan and billing period',
    body: CreateCheckoutSessionBody,
    response: v.object({ sessionId: v.string(), url: v.string() }),
    roles: ['USER'], tenant: [],
  }),
  getUsage: endpoint({
    method: 'GET', path: 'billing/get-usage/{accountId}', summary: 'Call minutes used this month against the plan\'s quota',
    params: v.object({ accountId: Id }), response: Usage,
    roles: ['USER'], tenant: [{ in: 'params', key: 'accountId', owns: 'account' }],
  }),
} as const;
