import { eq } from 'drizzle-orm';
import { contract, overagePriceIdFor, planById, planCharge, priceIdFor, type PaidPlanId } from 'shared-contracts';
import { accounts, checkoutSessions, subscriptions } from '../../db/schema';
import { ApiError, badRequest } from '../../http/api-error';
import { implement } from '../../http/implement';
import { CHECKOUT_SESSION_ID_PLACEHOLDER } from './payment-provider';
import { isLiveSubscription } from './provider-customer';
import { appOrigin } from './app-origin';
import { resolveSessionUrl } from './simulator-payment-provider';

const PLANS_PATH = '/dashboard/subscription-plans';
export const PAYMENTS_UNAVAILABLE_TEXT = 'Payments are not set up on this server';
export const PROVIDER_FAILED_TEXT = 'The payment provider could not start the checkout. Please try again.';
export const CHANGE_PLAN_IN_PORTAL_TEXT = 'You already have a subscription: change or cancel it with Manage subscription on the billing page.';
export const alreadyOnPlanText = (name: string, period: string) => `You are already on the ${name} plan, billed ${period}`;

export const createCheckoutSession = implement(contract.billing.createCheckoutSession, async ({ body, user, db, app, request }) => {
  const { provider, simulator } = app.payments;
  // A simulated payment in production would hand out paid plans for free.
  if (simulator !== null && app.config.nodeEnv === 'production') throw new ApiError(503, 'InternalError', PAYMENTS_UNAVAILABLE_TEXT);
  const planId = body.planId as PaidPlanId;
  const plan = planById(planId)!;
  const [account] = await db.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, user.accountId));
  const [current] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, user.accountId));
  if (account?.plan === planId && current?.status === 'active' && current.period === body.period) {
    throw badRequest(alreadyOnPlanText(plan.name, body.period));
  }
  // A second checkout would start a second subscription, and the first would go on charging.
  if (isLiveSubscription(current, provider.name)) {
    throw badRequest(CHANGE_PLAN_IN_PORTAL_TEXT);
  }

  const origin = appOrigin(request, app.config.corsOrigins, app.config.appUrl);
  // What the plans page showed as charged: a yearly plan is paid for the whole year at once.
  const amountCents = Math.round(planCharge(plan, body.period).amount * 100);
  const input = {
    accountId: user.accountId, customerEmail: user.email, planId,
    customerId: current?.provider === provider.name ? current.providerCustomerId : null, period: body.period,
    priceId: priceIdFor(plan, body.period),
    amountCents, currency: 'usd' as const,
    overage: { priceId: overagePriceIdFor(plan, body.period), centsPerMinute: Math.round(plan.overagePrice * 10_000) / 100 },
    successUrl: `${origin}${PLANS_PATH}/success?session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`,
    cancelUrl: `${origin}${PLANS_PATH}/cancel`,
  };
  const session = await provider.createCheckoutSession(input).catch((err: unknown) => {
    request.log.error({ err }, 'payment provider refused a checkout session');
    throw new ApiError(502, 'InternalError', PROVIDER_FAILED_TEXT);
  });
  await db.insert(checkoutSessions).values({
    id: session.id, provider: provider.name, accountId: user.accountId, userId: user.id, plan: planId, period: body.period,
    amountCents, currency: input.currency, successUrl: resolveSessionUrl(input.successUrl, session.id),
    cancelUrl: resolveSessionUrl(input.cancelUrl, session.id), expiresAt: session.expiresAt,
  });
  return { sessionId: session.id, url: session.url };
});
