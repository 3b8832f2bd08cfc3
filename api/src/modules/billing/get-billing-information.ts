import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import { billingTimeZone, contract, type BillingInformation, type PlanId } from 'shared-contracts';
import { accounts, invoices, overageCharges, subscriptions } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';

const INVOICES_SHOWN = 24;

export const getBillingInformation = implement(contract.users.getBillingInformation, async ({ params, db, app }) => {
  const [account] = await db.select({ plan: accounts.plan, timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, params.accountId));
  if (account === undefined) throw notFound();
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, params.accountId));
  const history = await db.select().from(invoices).where(eq(invoices.accountId, params.accountId))
    .orderBy(desc(invoices.issuedAt)).limit(INVOICES_SHOWN);
  const unbilled = await db.select().from(overageCharges)
    .where(and(eq(overageCharges.accountId, params.accountId), gt(overageCharges.minutes, 0), isNull(overageCharges.invoiceId)))
    .orderBy(asc(overageCharges.monthStart));
  // An administrator may set a plan by hand; the subscription describes it only while they agree.
  const current = subscription !== undefined && subscription.plan === account.plan && subscription.status !== 'canceled' ? subscription : undefined;
  // A subscription that ended left the account on the free plan: say so rather than "no subscription".
  const ended = current === undefined && account.plan === 'free' && subscription?.status === 'canceled';
  const card = current?.cardBrand && current.cardLast4 && current.cardExpMonth && current.cardExpYear
    ? { brand: current.cardBrand, last4: current.cardLast4, expMonth: current.cardExpMonth, expYear: current.cardExpYear }
    : null;
  const info: BillingInformation = {
    plan: account.plan as PlanId,
    period: current?.period ?? null,
    status: current?.status ?? (ended ? 'canceled' : 'none'),
    currentPeriodEnd: current?.currentPeriodEnd.toISOString() ?? null,
    cancelAtPeriodEnd: current?.cancelAtPeriodEnd ?? false,
    paymentFailure: current?.status === 'past_due' && current.paymentFailedAt !== null
      ? { failedAt: current.paymentFailedAt.toISOString(), nextAttemptAt: current.nextPaymentAttemptAt?.toISOString() ?? null }
      : null,
    canManageSubscription: subscription?.providerCustomerId != null && subscription.provider === app.payments.provider.name,
    paymentMethod: card,
    timeZone: billingTimeZone(account),
    invoices: history.map((i) => ({
      id: i.id, number: i.number, amount: i.amountCents / 100, currency: i.currency, status: i.status,
      issuedAt: i.issuedAt.toISOString(), pdfUrl: i.pdfUrl, overageAmount: i.overageCents / 100,
    })),
    unbilledOverage: unbilled.map((o) => ({ monthStart: o.monthStart.toISOString(), minutes: o.minutes, amount: o.amountCents / 100 })),
  };
  return info;
});
