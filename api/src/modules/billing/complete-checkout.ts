import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../../db/client';
import { accounts, checkoutSessions, invoices, subscriptions } from '../../db/schema';
import { CheckoutSessionObject } from './billing-objects';
import { claimEvent, eventTime, rejected, type EventOutcome } from './billing-event-log';
import { invoiceNumber } from './invoice-number';
import type { BillingEvent } from './payment-provider';

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
 */
export async function completeCheckout(db: Db, provider: string, event: BillingEvent, now = new Date()): Promise<EventOutcome> {
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
    const [claimed] = await tx.update(checkoutSessions)
      .set({ status: 'completed', completedAt: now })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')))
      .returning({ id: checkoutSessions.id });
    // Another delivery of the same event won the race: it has done the work.
    if (claimed === undefined || !(await claimEvent(tx, provider, event, session.accountId, 'applied'))) return { kind: 'duplicate' };
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
    await tx.insert(invoices).values({
      accountId: session.accountId, checkoutSessionId: session.id, providerInvoiceId: paid.invoice ?? null, number: invoiceNumber(now),
      plan: session.plan, period: session.period, amountCents: session.amountCents, currency: session.currency, status: 'paid', issuedAt: now,
    }).onConflictDoNothing({ target: invoices.providerInvoiceId });
    return { kind: 'applied' };
  });
}
