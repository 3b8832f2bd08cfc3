import type { StripeConfig } from '../../config';
import type { BillingEvent, CheckoutSessionInput, PaymentProvider } from './payment-provider';
import { verifyWebhookSignature } from './webhook-signature';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
const REQUEST_TIMEOUT_MS = 15_000;

interface StripePrice {
  unit_amount?: number | null;
  currency?: string;
  recurring?: { interval?: string; interval_count?: number } | null;
}

const STRIPE_INTERVAL = { monthly: 'month', yearly: 'year' } as const;

/**
 * Stripe Checkout over its REST API with `fetch` (no SDK): a subscription-mode session for the
 * plan's price id, and webhooks verified with the endpoint's signing secret.
 */
export function createStripePaymentProvider(config: StripeConfig): PaymentProvider {
  // A Stripe price's amount and interval never change, so one that matched once always will.
  const matchingPrices = new Set<string>();

  /**
   * Stripe charges what its price id says, which is set up in Stripe's dashboard; the buyer
   * was shown our amount. A price that charges anything else is refused before any checkout.
   */
  async function checkPrice(input: CheckoutSessionInput): Promise<void> {
    const key = `${input.priceId} ${input.amountCents} ${input.currency} ${input.period}`;
    if (matchingPrices.has(key)) return;
    const response = await fetch(`${config.apiUrl}/v1/prices/${encodeURIComponent(input.priceId)}`, {
      headers: { authorization: `Bearer ${config.secretKey}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const price = await response.json().catch(() => null) as StripePrice | null;
    const interval = STRIPE_INTERVAL[input.period];
    if (!response.ok || price?.unit_amount !== input.amountCents || price.currency !== input.currency
      || price.recurring?.interval !== interval || (price.recurring.interval_count ?? 1) !== 1) {
      throw new Error(`Stripe price ${input.priceId} does not charge ${input.amountCents} ${input.currency} every ${interval} (${response.status}): ${JSON.stringify(price)}`);
    }
    matchingPrices.add(key);
  }

  return {
    name: 'stripe',
    async createCheckoutSession(input) {
      await checkPrice(input);
      const form = new URLSearchParams({
        mode: 'subscription',
        'line_items[0][price]': input.priceId,
        'line_items[0][quantity]': '1',
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.accountId,
        customer_email: input.customerEmail,
        'metadata[planId]': input.planId,
        'metadata[period]': input.period,
      });
      const response = await fetch(`${config.apiUrl}/v1/checkout/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = await response.json().catch(() => null) as { id?: string; url?: string; expires_at?: number; error?: { message?: string } } | null;
      if (!response.ok || typeof body?.id !== 'string' || typeof body.url !== 'string') {
        throw new Error(`Stripe refused the checkout session (${response.status}): ${body?.error?.message ?? 'no message'}`);
      }
      const expiresAt = typeof body.expires_at === 'number' ? new Date(body.expires_at * 1000) : new Date(Date.now() + 86_400_000);
      return { id: body.id, url: body.url, expiresAt };
    },
    verifyWebhook(rawBody, headers): BillingEvent | null {
      const header = headers[STRIPE_SIGNATURE_HEADER];
      if (!verifyWebhookSignature(config.webhookSecret, rawBody, typeof header === 'string' ? header : undefined)) return null;
      try {
        const event = JSON.parse(rawBody) as BillingEvent;
        return typeof event?.type === 'string' && typeof event.id === 'string' ? event : null;
      } catch {
        return null;
      }
    },
  };
}
