import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { planByPriceId, type SubscriptionStatus } from 'shared-contracts';
import type { Db } from '../../db/client';
import { accounts, subscriptions } from '../../db/schema';
import { SubscriptionObject } from './billing-objects';
import { claimEvent, eventTime, rejected, type EventOutcome } from './billing-event-log';
import type { BillingEvent } from './payment-provider';
import { lockSubscription, subscriptionOfCustomer, UNKNOWN_CUSTOMER_TEXT } from './provider-customer';

export const NOT_A_SUBSCRIPTION_TEXT = 'The event does not carry a subscription';
export const UNKNOWN_PRICE_TEXT = 'The subscription\'s price is not one of the plans';

/**
 * Stripe's subscription statuses in ours. A subscription that still wants a payment keeps its
 * plan as past due (Stripe retries the card); one that has ended is cancelled.
 */
const STATUS: Record<string, SubscriptionStatus> = {
  active: 'active', trialing: 'trialing',
  past_due: 'past_due', unpaid: 'past_due', incomplete: 'past_due', paused: 'past_due',
  canceled: 'canceled', incomplete_expired: 'canceled',
};

/**
 * `customer.subscription.updated` and `.deleted`: the subscription object in the event is the
 * provider's state at the event's `created` time, applied unless the account already holds a
 * newer one. A plan change moves the account's plan; an ended subscription leaves the account on
 * the free plan.
 */
export async function applySubscriptionEvent(db: Db, provider: string, event: BillingEvent, now = new Date()): Promise<EventOutcome> {
  const parsed = v.safeParse(SubscriptionObject, event.data.object);
  if (!parsed.success) return rejected(NOT_A_SUBSCRIPTION_TEXT);
  const sub = parsed.output;
  const known = await subscriptionOfCustomer(db, provider, sub.customer);
  if (known === undefined) return rejected(UNKNOWN_CUSTOMER_TEXT);
  // The plan's item; a metered overage item rides beside it.
  const item = sub.items.data.find((i) => planByPriceId(i.price.id) !== undefined) ?? sub.items.data[0]!;
  const price = planByPriceId(item.price.id);
  if (price === undefined) return rejected(UNKNOWN_PRICE_TEXT);
  const at = eventTime(event, now);
  const status = event.type === 'customer.subscription.deleted' ? 'canceled' : (STATUS[sub.status] ?? 'past_due');

  return db.transaction(async (tx): Promise<EventOutcome> => {
    const current = await lockSubscription(tx, known.accountId);
    const outcome: EventOutcome['kind'] =
      current.providerSubscriptionId !== null && current.providerSubscriptionId !== sub.id ? 'ignored'
        : current.stateAt !== null && at < current.stateAt ? 'stale'
          : 'applied';
    if (!(await claimEvent(tx, provider, event, current.accountId, outcome))) return { kind: 'duplicate' };
    if (outcome !== 'applied') return { kind: outcome };

    const ended = status === 'canceled';
    await tx.update(subscriptions).set({
      providerSubscriptionId: sub.id, plan: price.planId, period: price.period, status,
      currentPeriodStart: new Date(item.current_period_start * 1000), currentPeriodEnd: new Date(item.current_period_end * 1000),
      cancelAtPeriodEnd: ended ? false : sub.cancel_at_period_end || sub.cancel_at != null,
      ...(status === 'active' || ended ? { paymentFailedAt: null, nextPaymentAttemptAt: null } : {}),
      stateAt: at, updatedAt: now,
    }).where(eq(subscriptions.accountId, current.accountId));
    await tx.update(accounts).set({ plan: ended ? 'free' : price.planId }).where(eq(accounts.id, current.accountId));
    return { kind: 'applied' };
  });
}
