import { randomBytes } from 'node:crypto';
import { purposeSecret } from '../../http/hmac';
import Stripe from 'stripe';
import { overagePriceIdFor, planById, planCharge, priceIdFor, type BillingPeriod, type PaidPlanId } from 'shared-contracts';
import type { CheckoutSessionRow, SubscriptionRow } from '../../db/schema';
import { asBillingEvent, CHECKOUT_SESSION_ID_PLACEHOLDER, type BillingEvent, type PaymentProvider } from './payment-provider';
import { SIMULATOR_PORTAL_BASE, signPortalSession } from './simulator-portal-session';

export const SIMULATOR_CHECKOUT_BASE = '/v1/billing/simulator/checkout';
export const SIMULATOR_SIGNATURE_HEADER = 'simulator-signature';
/** Stripe's default: an unpaid checkout session expires after a day. */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** Stripe's smart retries try a failed renewal again a few days later. */
const RETRY_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

/** The test card every simulated checkout "pays" with. */
export const SIMULATOR_CARD = { brand: 'visa', last4: '4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3 } as const;

export interface SignedDelivery { rawBody: string; signature: string }

/** Hands the simulator's events to the webhook handling, as the provider's deliveries would arrive; throws when one is refused. */
export type DeliverSimulatedEvents = (deliveries: SignedDelivery[]) => Promise<void>;

/** What the simulated provider's pages make it send to our webhook, each as Stripe would send it. */
export interface SimulatorPaymentProvider extends PaymentProvider {
  /** The checkout page's Pay button. */
  completedEvent(session: CheckoutSessionRow): SignedDelivery;
  /** Cancel (at the period's end) or Resume, in the portal or the app: the subscription's end is set or lifted. */
  cancelAtPeriodEndEvents(subscription: SubscriptionRow, cancel: boolean): SignedDelivery[];
  /** The period of a subscription cancelled at its end is over: the subscription ends. */
  endedEvents(subscription: SubscriptionRow): SignedDelivery[];
  /** The portal's plan change: the subscription moves to another price. */
  planChangedEvents(subscription: SubscriptionRow, planId: PaidPlanId, period: BillingPeriod): SignedDelivery[];
  /** The portal's failed renewal: the card is declined and the subscription falls past due. */
  paymentFailedEvents(subscription: SubscriptionRow): SignedDelivery[];
  /**
   * The portal's renewal: the next period's invoice (the one whose charge failed, when there is
   * one) is paid and the subscription is active.
   */
  renewedEvents(subscription: SubscriptionRow, openInvoiceId: string | null): SignedDelivery[];
  /**
   * What Stripe sends when a subscription's period ends: a subscription cancelled at its end
   * ends; any other renews, its invoice billing the overage reported since the last one. The
   * events' ids are the period's, so instances that both see the period end apply it once.
   */
  periodEndEvents(subscription: SubscriptionRow, overage: OverageLine[]): SignedDelivery[];
}

/** A closed month's overage on an invoice: its minutes at the plan's metered price. */
export interface OverageLine { minutes: number; amountCents: number }

/** Derived from the token secret, so every instance of one deployment agrees on it. */
export const simulatorWebhookSecret = (tokenSecret: string) => purposeSecret(tokenSecret, 'billing-simulator-webhook');

/** The simulated provider's customer for an account: one per account, as Stripe Checkout makes one per buyer. */
export const simulatorCustomerId = (accountId: string) => `cus_sim_${accountId.replace(/-/g, '')}`;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const randomId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString('hex')}`;
const addPeriod = (from: Date, period: BillingPeriod) => {
  const end = new Date(from);
  if (period === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
};

interface SubscriptionState { plan: PaidPlanId; period: BillingPeriod; status: string; start: Date; end: Date; cancelAtPeriodEnd: boolean }

/** A Stripe subscription object (API version 2026-10-28: the period on its item). */
function subscriptionObject(row: SubscriptionRow, state: SubscriptionState) {
  return {
    id: row.providerSubscriptionId, object: 'subscription', customer: row.providerCustomerId, status: state.status,
    cancel_at_period_end: state.cancelAtPeriodEnd, metadata: { accountId: row.accountId },
    items: { object: 'list', data: [{
      id: `si_sim_${(row.providerSubscriptionId ?? '').slice(-12)}`, object: 'subscription_item',
      price: { id: priceIdFor(planById(state.plan)!, state.period), object: 'price' },
      current_period_start: seconds(state.start), current_period_end: seconds(state.end),
    }] },
  };
}

const priceLine = (price: string, amount: number, quantity: number, period: { start: number; end: number }) =>
  ({ object: 'line_item', amount, quantity, period, pricing: { type: 'price_details', price_details: { price } } });

/** A Stripe invoice object for the subscription's next period, with the overage the last one left to bill. */
function invoiceObject(row: SubscriptionRow, state: SubscriptionState, paid: boolean, now: Date, id = randomId('in'), overage: OverageLine[] = []) {
  const plan = planById(state.plan)!;
  const planAmount = Math.round(planCharge(plan, state.period).amount * 100);
  const period = { start: seconds(state.start), end: seconds(state.end) };
  // Metered usage is billed in arrears, for the period just over.
  const usagePeriod = { start: seconds(row.currentPeriodStart), end: seconds(row.currentPeriodEnd) };
  const lines = [
    priceLine(priceIdFor(plan, state.period), planAmount, 1, period),
    ...overage.map((o) => priceLine(overagePriceIdFor(plan, row.period), o.amountCents, o.minutes, usagePeriod)),
  ];
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    id, object: 'invoice', customer: row.providerCustomerId, number: null, currency: 'usd',
    status: paid ? 'paid' : 'open', billing_reason: 'subscription_cycle',
    amount_due: amount, amount_paid: paid ? amount : 0,
    next_payment_attempt: paid ? null : seconds(new Date(now.getTime() + RETRY_AFTER_MS)),
    invoice_pdf: null, hosted_invoice_url: null,
    parent: { type: 'subscription_details', subscription_details: { subscription: row.providerSubscriptionId } },
    lines: { object: 'list', data: lines },
  };
}

/**
 * A local stand-in for Stripe (no network): its checkout and customer portal pages are served by
 * this API, and their buttons send signed Stripe-shaped events through the same webhook handling
 * a real provider's delivery goes through. Signatures are Stripe's scheme, made and checked by
 * Stripe's SDK with a secret of the simulator's own. Long only as a list: one short method per
 * provider call or portal button, over the shared signing secret.
 */
export function createSimulatorPaymentProvider(tokenSecret: string, publicApiUrl: string, deliver: DeliverSimulatedEvents): SimulatorPaymentProvider {
  const secret = simulatorWebhookSecret(tokenSecret);
  const sign = (type: string, object: unknown, now: Date, id = randomId('evt')): SignedDelivery => {
    const event = { id, object: 'event', api_version: '2026-10-28.endive', created: seconds(now), type, data: { object } };
    const rawBody = JSON.stringify(event);
    return { rawBody, signature: Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret }) };
  };
  const currentState = (row: SubscriptionRow): SubscriptionState => ({
    plan: row.plan as PaidPlanId, period: row.period, status: row.status, start: row.currentPeriodStart, end: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  });

  return {
    name: 'simulator',
    async createCheckoutSession() {
      const id = `cs_sim_${randomBytes(16).toString('hex')}`;
      return { id, url: `${publicApiUrl}${SIMULATOR_CHECKOUT_BASE}/${id}`, expiresAt: new Date(Date.now() + SESSION_TTL_MS) };
    },
    async createPortalSession(input) {
      return { url: `${publicApiUrl}${SIMULATOR_PORTAL_BASE}?session=${signPortalSession(tokenSecret, input.accountId, input.returnUrl)}` };
    },
    // The simulator's subscriptions exist only as the account's row: one never linked has nothing to end.
    async cancelSubscription() {},
    // The simulator's renewal invoice reads the reported overage from the account's rows (periodEndEvents).
    async reportOverage() {},
    async setCancelAtPeriodEnd(row, cancel) {
      await deliver(this.cancelAtPeriodEndEvents(row, cancel));
    },
    verifyWebhook(rawBody, headers): BillingEvent | null {
      const header = headers[SIMULATOR_SIGNATURE_HEADER];
      if (typeof header !== 'string') return null;
      try {
        return asBillingEvent(Stripe.webhooks.constructEvent(rawBody, header, secret));
      } catch {
        return null;
      }
    },
    completedEvent(session) {
      return sign('checkout.session.completed', {
        id: session.id, object: 'checkout.session',
        client_reference_id: session.accountId,
        metadata: { planId: session.plan, period: session.period },
        amount_total: session.amountCents,
        currency: session.currency,
        customer: simulatorCustomerId(session.accountId),
        subscription: `sub_sim_${session.id.slice('cs_sim_'.length)}`,
        invoice: randomId('in'),
        card: SIMULATOR_CARD,
      }, new Date());
    },
    cancelAtPeriodEndEvents(row, cancel) {
      return [sign('customer.subscription.updated', subscriptionObject(row, { ...currentState(row), cancelAtPeriodEnd: cancel }), new Date())];
    },
    endedEvents(row) {
      return [sign('customer.subscription.deleted', subscriptionObject(row, { ...currentState(row), status: 'canceled', cancelAtPeriodEnd: false }), new Date())];
    },
    planChangedEvents(row, plan, period) {
      const now = new Date();
      // A change of billing period starts a new period today, as Stripe does; a change of plan keeps the period.
      const state = period === row.period
        ? { ...currentState(row), plan, status: 'active' }
        : { plan, period, status: 'active', start: now, end: addPeriod(now, period), cancelAtPeriodEnd: row.cancelAtPeriodEnd };
      return [sign('customer.subscription.updated', subscriptionObject(row, state), now)];
    },
    paymentFailedEvents(row) {
      const now = new Date();
      const next = { ...currentState(row), start: row.currentPeriodEnd, end: addPeriod(row.currentPeriodEnd, row.period) };
      return [
        sign('invoice.payment_failed', invoiceObject(row, next, false, now), now),
        sign('customer.subscription.updated', subscriptionObject(row, { ...currentState(row), status: 'past_due' }), now),
      ];
    },
    renewedEvents(row, openInvoiceId) {
      const now = new Date();
      const next = { ...currentState(row), status: 'active', start: row.currentPeriodEnd, end: addPeriod(row.currentPeriodEnd, row.period) };
      return [
        sign('invoice.paid', invoiceObject(row, next, true, now, openInvoiceId ?? undefined), now),
        sign('customer.subscription.updated', subscriptionObject(row, next), now),
      ];
    },
    periodEndEvents(row, overage) {
      const now = new Date();
      const period = `${(row.providerSubscriptionId ?? '').replace(/^sub_sim_/, '')}_${seconds(row.currentPeriodEnd)}`;
      if (row.cancelAtPeriodEnd) {
        const ended = subscriptionObject(row, { ...currentState(row), status: 'canceled', cancelAtPeriodEnd: false });
        return [sign('customer.subscription.deleted', ended, now, `evt_sim_end_${period}`)];
      }
      const next = { ...currentState(row), status: 'active', start: row.currentPeriodEnd, end: addPeriod(row.currentPeriodEnd, row.period) };
      return [
        sign('invoice.paid', invoiceObject(row, next, true, now, `in_sim_${period}`, overage), now, `evt_sim_paid_${period}`),
        sign('customer.subscription.updated', subscriptionObject(row, next), now, `evt_sim_renew_${period}`),
      ];
    },
  };
}

export const resolveSessionUrl = (url: string, sessionId: string) => url.replace(CHECKOUT_SESSION_ID_PLACEHOLDER, sessionId);
