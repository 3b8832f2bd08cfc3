import { createHmac, randomBytes } from 'node:crypto';
import type { CheckoutSessionRow } from '../../db/schema';
import {
  CHECKOUT_SESSION_ID_PLACEHOLDER, type BillingEvent, type CheckoutCompletedEvent, type PaymentProvider,
} from './payment-provider';
import { signWebhook, verifyWebhookSignature } from './webhook-signature';

export const SIMULATOR_CHECKOUT_BASE = '/v1/billing/simulator/checkout';
export const SIMULATOR_SIGNATURE_HEADER = 'simulator-signature';
/** Stripe's default: an unpaid checkout session expires after a day. */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** The test card every simulated checkout "pays" with. */
export const SIMULATOR_CARD = { brand: 'visa', last4: '4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3 } as const;

export interface SimulatorPaymentProvider extends PaymentProvider {
  /** What the hosted page's Pay button makes the "provider" send to our webhook. */
  completedEvent(session: CheckoutSessionRow): { rawBody: string; signature: string };
}

/** Derived from the token secret, so every instance of one deployment agrees on it. */
export const simulatorWebhookSecret = (tokenSecret: string) =>
  createHmac('sha256', tokenSecret).update('billing-simulator-webhook').digest('hex');

/**
 * A local stand-in for a hosted-checkout provider (no network): the checkout page is served by
 * this API, and paying there sends a signed `checkout.session.completed` event through the same
 * webhook handling a real provider's delivery goes through.
 */
export function createSimulatorPaymentProvider(tokenSecret: string, publicApiUrl: string): SimulatorPaymentProvider {
  const secret = simulatorWebhookSecret(tokenSecret);
  return {
    name: 'simulator',
    async createCheckoutSession() {
      const id = `cs_sim_${randomBytes(16).toString('hex')}`;
      return { id, url: `${publicApiUrl}${SIMULATOR_CHECKOUT_BASE}/${id}`, expiresAt: new Date(Date.now() + SESSION_TTL_MS) };
    },
    verifyWebhook(rawBody, headers): BillingEvent | null {
      const header = headers[SIMULATOR_SIGNATURE_HEADER];
      if (!verifyWebhookSignature(secret, rawBody, typeof header === 'string' ? header : undefined)) return null;
      try {
        const event = JSON.parse(rawBody) as BillingEvent;
        return typeof event?.type === 'string' && typeof event.id === 'string' ? event : null;
      } catch {
        return null;
      }
    },
    completedEvent(session) {
      const event: CheckoutCompletedEvent = {
        id: `evt_sim_${randomBytes(12).toString('hex')}`,
        type: 'checkout.session.completed',
        data: {
          object: {
            id: session.id,
            client_reference_id: session.accountId,
            metadata: { planId: session.plan, period: session.period },
            amount_total: session.amountCents,
            currency: session.currency,
            subscription: `sub_sim_${session.id.slice('cs_sim_'.length)}`,
            card: SIMULATOR_CARD,
          },
        },
      };
      const rawBody = JSON.stringify(event);
      return { rawBody, signature: signWebhook(secret, rawBody) };
    },
  };
}

export const resolveSessionUrl = (url: string, sessionId: string) => url.replace(CHECKOUT_SESSION_ID_PLACEHOLDER, sessionId);
