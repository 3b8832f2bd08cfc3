import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { lockAccount } from '../../db/account-lock';
import type { Db } from '../../db/client';
import { accounts, checkoutSessions, invoices, subscriptions } from '../../db/schema';
import { CheckoutSessionObject } from './billing-objects';
import { claimEvent, eventTime, rejected, type EventOutcome } from './billing-event-log';
import { invoiceNumber } from './invoice-number';
import type { BillingEvent, PaymentProvider } from './payment-provider';
import { isLiveSubscription } from './provider-customer';

export const UNKNOWN_SESSION_TEXT = 'Unknown checkout session';
export const NOT_THE_ACCOUNTS_SESSION_TEXT = 'The checkout session does not belong to that account';
export const SESSION_MISMATCH_TEXT = 'The checkout session does not match what was paid for';
export const SESSION_CLOSED_TEXT = 'The checkout session is no longer open';
export const SESSION_EXPIRED_TEXT = 'The checkout session has expired';

const addPeriod = (from: Date, period: 'monthly' | 'yearly') => {
  const end = new Date(from);
  if (period === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
};

/**
 * `checkout.session.completed`: the one path both a real provider's webhook and the simulator's
 * Pay button take. The event must name a session we opened, for the same account, plan, period
 * and amount; moving the session out of `open` in the same transaction makes it single-use. It
 * links the provider's customer to the account, which is how later subscription and invoice
 * events find it.
 *
 * An account has one live subscription. Checkout refuses to start while it has one, but two
 * checkouts opened before either was paid can both be paid: the later one's new subscription is
 * then cancelled at the provider (before the transaction commits, so a failure leaves the event
 * to be retried), its session reads `canceled`, its payment is kept as an invoice, and the
 * account keeps the subscription it had.
 */
export async function completeCheckout(db: Db, payments: PaymentProvider, event: BillingEvent, now = new Date()): Promise<EventOutcome> {
  const provider = payments.name;
  const parsedSession = v.safeParse(CheckoutSessionObject, event.data.object);
  // Signed, but not shaped like a checkout session: nothing to match it against.
  if (!parsedSession.success) return rejected(UNKNOWN_SESSION_TEXT);
  const paid = parsedSession.output;
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, paid.id));
  if (session === undefined || session.provider !== provider) return rejected(UNKNOWN_SESSION_TEXT);
  if (session.accountId !== paid.client_reference_id) return rejected(NOT_THE_ACCOUNTS_SESSION_TEXT);
  if (session.plan !== paid.metadata?.planId || session.period !== paid.metadata?.period || session.amountCents !== paid.amount_total) {
    return rejected(SESSION_MISMATCH_TEXT);
  }
  if (session.status === 'completed') return { kind: 'duplicate' };
  if (session.status !== 'open') return rejected(SESSION_CLOSED_TEXT);
  if (session.expiresAt.getTime() <= now.getTime()) return rejected(SESSION_EXPIRED_TEXT);

  const card = paid.card ?? null;
  const at = eventTime(event, now);
  const periodEnd = addPeriod(now, session.period);
  return db.transaction(async (tx): Promise<EventOutcome> => {
    // Two checkouts of one account completing at once decide one after the other which one counts.
    await lockAccount(tx, 'subscription', session.accountId);
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.accountId, session.accountId));
    const superseded = isLiveSubscription(current, provider) && current!.providerSubscriptionId !== (paid.subscription ?? null);
    const [claimed] = await tx.update(checkoutSessions)
      .set({ status: superseded ? 'canceled' : 'completed', completedAt: now })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')))
      .returning({ id: checkoutSessions.id });
    // Another delivery of the same event won the race: it has done the work.
    if (claimed === undefined || !(await claimEvent(tx, provider, event, session.accountId, superseded ? 'canceled' : 'applied'))) {
      return { kind: 'duplicate' };
    }
    // What was paid is on record either way, so the second payment can be seen and refunded.
    const invoice = {
      accountId: session.accountId, checkoutSessionId: session.id, providerInvoiceId: paid.invoice ?? null, number: invoiceNumber(now),
      plan: session.plan, period: session.period, amountCents: session.amountCents, currency: session.currency, status: 'paid' as const, issuedAt: now,
    };
    if (superseded) {
      await tx.insert(invoices).values(invoice).onConflictDoNothing({ target: invoices.providerInvoiceId });
      if (paid.subscription) await payments.cancelSubscription(paid.subscription);
      return { kind: 'canceled' };
    }
    await tx.update(accounts).set({ plan: session.plan }).where(eq(accounts.id, session.accountId));
    const subscription = {
      provider, providerSubscriptionId: paid.subscription ?? null, providerCustomerId: paid.customer ?? null,
      plan: session.plan, period: session.period,
      status: 'active' as const, currentPeriodStart: now, currentPeriodEnd: periodEnd, cancelAtPeriodEnd: false,
      cardBrand: card?.brand ?? null, cardLast4: card?.last4 ?? null, cardExpMonth: card?.expMonth ?? null, cardExpYear: card?.expYear ?? null,
      paymentFailedAt: null, nextPaymentAttemptAt: null, stateAt: at, updatedAt: now,
    };
    await tx.insert(subscriptions).values({ accountId: session.accountId, ...subscription })
      .onConflictDoUpdate({ target: subscriptions.accountId, set: subscription });
    // The first invoice's own paid event, if it comes too, updates this row rather than adding one.
    await tx.insert(invoices).values(invoice).onConflictDoNothing({ target: invoices.providerInvoiceId });
    return { kind: 'applied' };
  });
}
