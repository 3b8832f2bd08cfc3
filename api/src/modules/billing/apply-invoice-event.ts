import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { isOveragePriceId } from 'shared-contracts';
import type { Db } from '../../db/client';
import { invoices, overageCharges, subscriptions } from '../../db/schema';
import { InvoiceObject } from './billing-objects';
import { claimEvent, eventTime, rejected, type EventOutcome } from './billing-event-log';
import { invoiceNumber } from './invoice-number';
import type { BillingEvent } from './payment-provider';
import { lockSubscription, subscriptionOfCustomer, UNKNOWN_CUSTOMER_TEXT } from './provider-customer';

export const NOT_AN_INVOICE_TEXT = 'The event does not carry an invoice';

/**
 * `invoice.paid` (a renewal, or a failed charge paid after all) and `invoice.payment_failed`.
 * The invoice itself is recorded either way, once per provider invoice, and a paid one never
 * reads unpaid again. The subscription moves only when the event is not older than its state:
 * paid makes it active again with the period the invoice paid for; failed makes it past due,
 * with the provider's next attempt, until an invoice is paid.
 */
export async function applyInvoiceEvent(db: Db, provider: string, event: BillingEvent, now = new Date()): Promise<EventOutcome> {
  const parsed = v.safeParse(InvoiceObject, event.data.object);
  if (!parsed.success) return rejected(NOT_AN_INVOICE_TEXT);
  const invoice = parsed.output;
  const known = await subscriptionOfCustomer(db, provider, invoice.customer);
  if (known === undefined) return rejected(UNKNOWN_CUSTOMER_TEXT);
  const paid = event.type === 'invoice.paid';
  const at = eventTime(event, now);
  const subscriptionId = invoice.parent?.subscription_details?.subscription ?? null;
  // The service period paid for: the line that reaches furthest (proration lines end earlier).
  const period = invoice.lines.data.map((line) => line.period).sort((a, b) => b.end - a.end)[0];
  const overageCents = invoice.lines.data
    .filter((line) => line.pricing?.price_details != null && isOveragePriceId(line.pricing.price_details.price))
    .reduce((sum, line) => sum + (line.amount ?? 0), 0);

  return db.transaction(async (tx): Promise<EventOutcome> => {
    const current = await lockSubscription(tx, known.accountId);
    const outcome: EventOutcome['kind'] =
      subscriptionId !== null && current.providerSubscriptionId !== null && subscriptionId !== current.providerSubscriptionId ? 'ignored'
        : current.stateAt !== null && at < current.stateAt ? 'stale'
          : 'applied';
    if (!(await claimEvent(tx, provider, event, current.accountId, outcome))) return { kind: 'duplicate' };
    if (outcome === 'ignored') return { kind: 'ignored' };

    const row = {
      accountId: current.accountId, providerInvoiceId: invoice.id, number: invoice.number ?? invoiceNumber(at),
      plan: current.plan, period: current.period, amountCents: paid ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency, status: paid ? 'paid' as const : 'open' as const, issuedAt: now,
      pdfUrl: invoice.invoice_pdf ?? invoice.hosted_invoice_url ?? null, overageCents,
    };
    // One invoice whose status moves: a failed one keeps its number when it is paid, unless the provider numbered it.
    const [stored] = await tx.insert(invoices).values(row).onConflictDoUpdate({
      target: invoices.providerInvoiceId,
      set: paid ? { status: 'paid', amountCents: row.amountCents, number: invoice.number ?? sql`${invoices.number}`, pdfUrl: row.pdfUrl, overageCents }
        : { status: sql`case when ${invoices.status} = 'paid' then ${invoices.status} else 'open'::invoice_status end` },
    }).returning({ id: invoices.id });
    // The overage reported since the last invoice is billed by this one.
    if (paid && overageCents > 0 && stored !== undefined) {
      await tx.update(overageCharges).set({ invoiceId: stored.id })
        .where(and(eq(overageCharges.accountId, current.accountId), isNotNull(overageCharges.reportedAt), isNull(overageCharges.invoiceId)));
    }
    if (outcome === 'stale') return { kind: 'stale' };

    // An ended subscription stays ended: a late invoice event does not bring it back.
    if (current.status !== 'canceled') {
      await tx.update(subscriptions).set(paid
        ? {
          status: 'active', paymentFailedAt: null, nextPaymentAttemptAt: null, stateAt: at, updatedAt: now,
          ...(period !== undefined && period.end * 1000 > current.currentPeriodEnd.getTime()
            ? { currentPeriodStart: new Date(period.start * 1000), currentPeriodEnd: new Date(period.end * 1000) } : {}),
        }
        : {
          status: 'past_due', paymentFailedAt: at, stateAt: at, updatedAt: now,
          nextPaymentAttemptAt: invoice.next_payment_attempt == null ? null : new Date(invoice.next_payment_attempt * 1000),
        }).where(eq(subscriptions.accountId, current.accountId));
    }
    return { kind: 'applied' };
  });
}
