import type { IncomingHttpHeaders } from 'node:http';
import type { BillingPeriod, PaidPlanId } from 'shared-contracts';

/**
 * What we ask a payment provider for, shaped after Stripe's Checkout API so a real provider
 * is a drop-in: a hosted checkout session per purchase, and a signed webhook when it is paid.
 */
export interface CheckoutSessionInput {
  /** Our account id; comes back as the session's `client_reference_id`. */
  accountId: string;
  customerEmail: string;
  planId: PaidPlanId;
  period: BillingPeriod;
  /** The provider's price id for the plan and period. */
  priceId: string;
  amountCents: number;
  currency: 'usd';
  /** Where the hosted page sends the buyer after paying; `{CHECKOUT_SESSION_ID}` is filled in. */
  successUrl: string;
  cancelUrl: string;
}

export interface CreatedCheckoutSession {
  id: string;
  /** The provider's hosted payment page. */
  url: string;
  expiresAt: Date;
}

export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Stripe's `checkout.session.completed` event, reduced to the fields we read. */
export interface CheckoutCompletedEvent {
  id: string;
  type: 'checkout.session.completed';
  data: {
    object: {
      id: string;
      client_reference_id: string;
      metadata: { planId: string; period: string };
      amount_total: number;
      currency: string;
      subscription: string | null;
      /** Not in Stripe's session object (it lives on the payment method); the simulator sends it. */
      card?: CardDetails | null;
    };
  };
}

/** Events we act on; anything else a provider sends is acknowledged and ignored. */
export type BillingEvent = CheckoutCompletedEvent | { id: string; type: string; data: { object: unknown } };

export interface PaymentProvider {
  readonly name: string;
  createCheckoutSession(input: CheckoutSessionInput): Promise<CreatedCheckoutSession>;
  /**
   * Checks a webhook delivery's signature over the raw body; returns the event, or null when
   * the delivery is forged, altered or too old to trust.
   */
  verifyWebhook(rawBody: string, headers: IncomingHttpHeaders): BillingEvent | null;
}

export const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export const isCheckoutCompleted = (event: BillingEvent): event is CheckoutCompletedEvent =>
  event.type === 'checkout.session.completed';
