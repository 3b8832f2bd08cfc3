import type { IncomingHttpHeaders } from 'node:http';
import type { BillingPeriod, PaidPlanId } from 'shared-contracts';
import type { SubscriptionRow } from '../../db/schema';

/**
 * What we ask a payment provider for, shaped after Stripe's API so a real provider is a drop-in:
 * a hosted checkout session per purchase, a hosted customer portal, and signed webhooks.
 */
export interface CheckoutSessionInput {
  /** Our account id; comes back as the session's `client_reference_id`. */
  accountId: string;
  customerEmail: string;
  /** The provider's customer the account already has (a returning buyer), so it stays one customer. */
  customerId: string | null;
  planId: PaidPlanId;
  period: BillingPeriod;
  /** The provider's price id for the plan and period. */
  priceId: string;
  amountCents: number;
  currency: 'usd';
  /** The metered price the plan's overage minutes are billed at, in the same period. */
  overage: { priceId: string; centsPerMinute: number };
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

export interface PortalSessionInput {
  accountId: string;
  customerId: string;
  /** Where the portal's "return" link goes. */
  returnUrl: string;
}

export interface OverageUsage {
  customerId: string;
  minutes: number;
  identifier: string;
}

export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A verified delivery: Stripe's event envelope. Its `data.object` is checked by the handler of its type. */
export interface BillingEvent {
  id: string;
  type: string;
  /** Unix seconds; orders the deliveries about one subscription. Absent: the time it arrives. */
  created?: number;
  data: { object: unknown };
}

export interface PaymentProvider {
  readonly name: string;
  createCheckoutSession(input: CheckoutSessionInput): Promise<CreatedCheckoutSession>;
  /** The provider's hosted page where the customer changes or cancels the subscription. */
  createPortalSession(input: PortalSessionInput): Promise<{ url: string }>;
  /** Ends a subscription now; one already ended is left as it is, so a retried delivery can ask again. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * Whether a subscription ends when its paid period does (Stripe's `cancel_at_period_end`).
   * The provider confirms with a `customer.subscription.updated` event.
   */
  setCancelAtPeriodEnd(subscription: SubscriptionRow, cancel: boolean): Promise<void>;
  /**
   * Reports a closed month's overage minutes as usage on the customer's subscription, billed on
   * its next invoice. `identifier` is the same on a retry, so the provider counts it once.
   */
  reportOverage(usage: OverageUsage): Promise<void>;
  /**
   * Checks a webhook delivery's signature over the raw body; returns the event, or null when
   * the delivery is forged, altered or too old to trust.
   */
  verifyWebhook(rawBody: string, headers: IncomingHttpHeaders): BillingEvent | null;
}

export const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** An event envelope as every provider delivery must be shaped, whatever its type. */
export function asBillingEvent(parsed: unknown): BillingEvent | null {
  const event = parsed as Partial<BillingEvent> | null;
  if (typeof event?.id !== 'string' || typeof event.type !== 'string') return null;
  if (typeof event.data !== 'object' || event.data === null) return null;
  return { id: event.id, type: event.type, created: typeof event.created === 'number' ? event.created : undefined, data: event.data };
}
