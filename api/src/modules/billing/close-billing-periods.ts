import { and, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { billingMonth, overageFor, type PlanId } from 'shared-contracts';
import { accounts, overageCharges, subscriptions } from '../../db/schema';
import { servicePlugin } from '../../plugins/service-plugin';
import { deliverSimulatedEvents } from './billing-webhook';
import { monthUsage } from './month-usage';
import type { SimulatorPaymentProvider } from './simulator-payment-provider';

const RUNNING = ['active', 'trialing', 'past_due'] as const;

/**
 * Closes the last usage month of every account subscribed with this provider: its minutes over
 * the plan's quota are written once (a row per account and month; zero minutes close it too).
 * Usage is counted by the account's calendar month (billingMonth), so that is what is billed.
 */
async function closeUsageMonths(app: FastifyInstance, now: Date): Promise<void> {
  const subscribed = await app.db.select({ accountId: accounts.id, plan: accounts.plan, timeZone: accounts.timeZone })
    .from(subscriptions).innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
    .where(and(eq(subscriptions.provider, app.payments.provider.name), inArray(subscriptions.status, RUNNING), isNotNull(subscriptions.providerCustomerId)));
  for (const account of subscribed) {
    const lastMonth = billingMonth(account, new Date(billingMonth(account, now).start.getTime() - 1));
    const [closed] = await app.db.select({ id: overageCharges.id }).from(overageCharges)
      .where(and(eq(overageCharges.accountId, account.accountId), eq(overageCharges.monthStart, lastMonth.start)));
    if (closed !== undefined) continue;
    const { minutesUsed } = await monthUsage(app.db, account.accountId, account.timeZone, lastMonth.start);
    const { overageMinutes, overageCost } = overageFor(account.plan as PlanId, minutesUsed);
    await app.db.insert(overageCharges).values({
      accountId: account.accountId, monthStart: lastMonth.start, plan: account.plan, minutes: overageMinutes,
      amountCents: Math.round(overageCost * 100), provider: app.payments.provider.name,
      // Nothing to report for a month within the quota.
      reportedAt: overageMinutes === 0 ? now : null,
    }).onConflictDoNothing();
  }
}

/** Reports each closed month's overage to the provider under the row's id; one that fails is tried again next time. */
async function reportOverage(app: FastifyInstance, now: Date): Promise<void> {
  const pending = await app.db.select({ charge: overageCharges, customerId: subscriptions.providerCustomerId })
    .from(overageCharges).innerJoin(subscriptions, eq(subscriptions.accountId, overageCharges.accountId))
    .where(and(isNull(overageCharges.reportedAt), gt(overageCharges.minutes, 0), eq(overageCharges.provider, app.payments.provider.name)));
  for (const { charge, customerId } of pending) {
    if (customerId === null) continue;
    try {
      await app.payments.provider.reportOverage({ customerId, minutes: charge.minutes, identifier: `overage_${charge.id}` });
      await app.db.update(overageCharges).set({ reportedAt: now }).where(eq(overageCharges.id, charge.id));
    } catch (err) {
      app.log.warn({ err, accountId: charge.accountId, chargeId: charge.id }, 'overage not reported to the payment provider; it is tried again');
    }
  }
}

/**
 * The simulator does at a period's end what Stripe does: a subscription cancelled at its end
 * ends (the account moves to the free plan), any other renews with an invoice that bills the
 * overage reported since the last one. The events carry the period's ids, so two instances that
 * both see it apply it once.
 */
async function endSimulatedPeriods(app: FastifyInstance, simulator: SimulatorPaymentProvider, now: Date): Promise<void> {
  const due = await app.db.select().from(subscriptions)
    .where(and(eq(subscriptions.provider, simulator.name), inArray(subscriptions.status, ['active', 'trialing']), lte(subscriptions.currentPeriodEnd, now)));
  for (const subscription of due) {
    const unbilled = subscription.cancelAtPeriodEnd ? [] : await app.db.select({ minutes: overageCharges.minutes, amountCents: overageCharges.amountCents })
      .from(overageCharges)
      .where(and(eq(overageCharges.accountId, subscription.accountId), isNotNull(overageCharges.reportedAt), isNull(overageCharges.invoiceId), gt(overageCharges.minutes, 0)));
    try {
      await deliverSimulatedEvents(app, simulator.periodEndEvents(subscription, unbilled));
    } catch (err) {
      app.log.warn({ err, accountId: subscription.accountId }, 'simulated period end not applied; it is tried again');
    }
  }
}

/** Everything that happens when billing periods end; safe to run on every instance at once, and again. */
export async function closeBillingPeriods(app: FastifyInstance, now = new Date()): Promise<void> {
  await closeUsageMonths(app, now);
  await reportOverage(app, now);
  if (app.payments.simulator !== null) await endSimulatedPeriods(app, app.payments.simulator, now);
}

/** Every instance closes the ended periods once it is ready and every `billingPeriodCheckMs` after. */
export const billingPeriodsPlugin = servicePlugin('billing-periods', async (app) => {
  const intervalMs = app.config.billingPeriodCheckMs;
  if (intervalMs === null) return;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running !== null || app.stopping.active) return;
    running = closeBillingPeriods(app)
      .catch((err: unknown) => app.log.warn({ err }, 'closing billing periods failed; it runs again later'))
      .finally(() => { running = null; });
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
});
