import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions, type SubscriptionRow } from '../../db/schema';
import type { Tx } from './billing-event-log';

export const UNKNOWN_CUSTOMER_TEXT = 'The payment provider customer is not one of our accounts';

/** The subscription of the account a provider customer belongs to (linked when its checkout completed). */
export async function subscriptionOfCustomer(db: Db, provider: string, customerId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerCustomerId, customerId)));
  return row;
}

/** The same row, locked for the transaction: two events about one account apply one after the other. */
export async function lockSubscription(tx: Tx, accountId: string): Promise<SubscriptionRow> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)).for('update');
  return row!;
}

/**
 * Whether the account's subscription is one the provider goes on charging: linked to a
 * subscription of this provider and not cancelled. An account has at most one such.
 */
export const isLiveSubscription = (row: SubscriptionRow | undefined, provider: string): boolean =>
  row !== undefined && row.provider === provider && row.providerSubscriptionId !== null && row.status !== 'canceled';
