import Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import { asBillingEvent, type BillingEvent, type CheckoutSessionInput, type PaymentProvider } from './payment-provider';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
/**
 * The Stripe API version every request and webhook payload is read in: the one this SDK release
 * (stripe 23.1.0) is typed for. Written out so that moving the SDK fails the type check until the
 * version is moved on purpose (and the Stripe dashboard's webhook endpoint with it).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies typeof Stripe.API_VERSION;
const REQUEST_TIMEOUT_MS = 15_000;

const STRIPE_INTERVAL = { monthly: 'month', yearly: 'year' } as const;
/**
 * The Stripe Billing Meter every plan's metered overage price is attached to: one event per
 * closed month with the minutes over the quota (Stripe sums a period's events).
 */
export const OVERAGE_METER_EVENT = 'overage_minutes';

/** The SDK's client, pointed at STRIPE_API_URL (Stripe's own, or a local stand-in in tests). */
export function createStripeClient(config: StripeConfig): Stripe {
  const api = new URL(config.apiUrl);
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: api.hostname,
    port: api.port || (api.protocol === 'http:' ? 80 : 443),
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    timeout: REQUEST_TIMEOUT_MS,
    maxNetworkRetries: 2,
    telemetry: false,
  });
}

/**
 * Stripe Checkout and the Stripe customer portal through Stripe's SDK: a subscription-mode
 * session for the plan's price id, portal sessions for the account's Stripe customer, and
 * webhooks verified with the endpoint's signing secret by the SDK. Long only as a list: one
 * short method per provider call, over the shared client and the prices already checked.
 */
export function createStripePaymentProvider(config: StripeConfig, stripe = createStripeClient(config)): PaymentProvider {
  // A Stripe price's amount and interval never change, so one that matched once always will.
  const matchingPrices = new Set<string>();

  /**
   * Stripe charges what its price id says, which is set up in Stripe's dashboard; the buyer
   * was shown our amount. A price that charges anything else is refused before any checkout.
   */
  async function checkPrice(input: CheckoutSessionInput): Promise<void> {
    const key = `${input.priceId} ${input.amountCents} ${input.currency} ${input.period}`;
    if (matchingPrices.has(key)) return;
    const price = await stripe.prices.retrieve(input.priceId);
    const interval = STRIPE_INTERVAL[input.period];
    if (price.unit_amount !== input.amountCents || price.currency !== input.currency
      || price.recurring?.interval !== interval || (price.recurring.interval_count ?? 1) !== 1) {
      throw new Error(`Stripe price ${input.priceId} does not charge ${input.amountCents} ${input.currency} every ${interval}: ${JSON.stringify(price)}`);
    }
    matchingPrices.add(key);
  }

  /** The plan's metered overage price must bill per minute at the plan's price, on the overage meter's usage. */
  async function checkOveragePrice(input: CheckoutSessionInput): Promise<void> {
    const { priceId, centsPerMinute } = input.overage;
    const key = `${priceId} ${centsPerMinute} ${input.period}`;
    if (matchingPrices.has(key)) return;
    const price = await stripe.prices.retrieve(priceId);
    if (Number(price.unit_amount_decimal) !== centsPerMinute || price.currency !== input.currency
      || price.recurring?.usage_type !== 'metered' || price.recurring.interval !== STRIPE_INTERVAL[input.period]) {
      throw new Error(`Stripe price ${priceId} does not meter overage at ${centsPerMinute} cents a minute every ${STRIPE_INTERVAL[input.period]}: ${JSON.stringify(price)}`);
    }
    matchingPrices.add(key);
  }

  return {
    name: 'stripe',
    async createCheckoutSession(input) {
      await checkPrice(input);
      await checkOveragePrice(input);
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        // A metered price takes no quantity: what it bills is the usage reported in the period.
        line_items: [{ price: input.priceId, quantity: 1 }, { price: input.overage.priceId }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.accountId,
        ...(input.customerId !== null ? { customer: input.customerId } : { customer_email: input.customerEmail }),
        metadata: { planId: input.planId, period: input.period },
        subscription_data: { metadata: { accountId: input.accountId } },
      });
      if (session.url === null) throw new Error(`Stripe checkout session ${session.id} has no URL`);
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },
    async createPortalSession(input) {
      const session = await stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl });
      return { url: session.url };
    },
    async cancelSubscription(subscriptionId) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      // Stripe refuses to cancel a cancelled subscription: the first attempt already did the work.
      if (subscription.status !== 'canceled') await stripe.subscriptions.cancel(subscriptionId);
    },
    async setCancelAtPeriodEnd(subscription, cancel) {
      if (subscription.providerSubscriptionId === null) throw new Error(`account ${subscription.accountId} has no Stripe subscription`);
      await stripe.subscriptions.update(subscription.providerSubscriptionId, { cancel_at_period_end: cancel });
    },
    async reportOverage(usage) {
      await stripe.billing.meterEvents.create({
        event_name: OVERAGE_METER_EVENT,
        // Recorded now, just after the month closed: inside the subscription's current period, whose invoice bills it.
        identifier: usage.identifier,
        payload: { stripe_customer_id: usage.customerId, value: String(usage.minutes) },
      });
    },
    verifyWebhook(rawBody, headers): BillingEvent | null {
      const header = headers[STRIPE_SIGNATURE_HEADER];
      if (typeof header !== 'string') return null;
      try {
        return asBillingEvent(stripe.webhooks.constructEvent(rawBody, header, config.webhookSecret));
      } catch {
        return null;
      }
    },
  };
}
