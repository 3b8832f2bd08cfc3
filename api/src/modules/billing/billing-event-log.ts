import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingEvents } from '../../db/schema';
import type { BillingEvent } from './payment-provider';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type EventOutcome =
  | { kind: 'applied' }
  /** This event id was applied before: a provider retry or a replay. Nothing changes. */
  | { kind: 'duplicate' }
  /** Older than the state the account already has from a newer event: recorded, nothing changes. */
  | { kind: 'stale' }
  /** About a subscription the account no longer has, or a type billing does not act on. */
  | { kind: 'ignored' }
  /**
   * A checkout paid while the account already had a live subscription: the subscription it
   * started was cancelled at the provider, and the account keeps the one it had.
   */
  | { kind: 'canceled' }
  | { kind: 'rejected'; reason: string };

export const rejected = (reason: string): EventOutcome => ({ kind: 'rejected', reason });

/** When the provider says the event happened (Stripe's `created`, in seconds). */
export const eventTime = (event: BillingEvent, now: Date): Date =>
  (event.created === undefined ? now : new Date(event.created * 1000));

export async function alreadyApplied(db: Db, provider: string, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: billingEvents.eventId }).from(billingEvents)
    .where(and(eq(billingEvents.provider, provider), eq(billingEvents.eventId, eventId)));
  return row !== undefined;
}

/**
 * Records the event inside the transaction that applies it: false when another delivery of the
 * same event got there first, and the caller then changes nothing.
 */
export async function claimEvent(tx: Tx, provider: string, event: BillingEvent, accountId: string, outcome: EventOutcome['kind']): Promise<boolean> {
  const [row] = await tx.insert(billingEvents)
    .values({ provider, eventId: event.id, type: event.type, accountId, outcome })
    .onConflictDoNothing()
    .returning({ id: billingEvents.eventId });
  return row !== undefined;
}
