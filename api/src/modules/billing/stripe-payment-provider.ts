import type { StripeConfig } from '../../config';
import type { BillingEvent, PaymentProvider } from './payment-provider';
import { verifyWebhookSignature } from './webhook-signature';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Stripe Checkout over its REST API with `fetch` (no SDK): a subscription-mode session for the
 * plan's price id, and webhooks verified with the endpoint's signing secret.
 */
export function createStripePaymentProvider(config: StripeConfig): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckoutSession(input) {
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
