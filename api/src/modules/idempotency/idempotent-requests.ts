import { randomUUID } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { IDEMPOTENCY_WINDOW_HOURS } from 'shared-contracts';
import type { Db } from '../../db/client';
import { idempotentRequests } from '../../db/schema';

/**
 * A request that started and never answered (its instance died mid-create) holds its key this long;
 * after it a retry runs the create again. Far longer than any create takes.
 */
export const ABANDONED_AFTER_SECONDS = 300;

export type Claim =
  /** This request runs the create; `attempt` lets it (and only it) store the answer or let the key go. */
  | { kind: 'claimed'; attempt: string }
  /** The key answered before, for the same request. */
  | { kind: 'answered'; statusCode: number; responseSealed: string }
  /** The key belongs to another request. */
  | { kind: 'reused' }
  /** The same request is still running elsewhere. */
  | { kind: 'running' };

/**
 * Claims an account's key for a request. One statement decides: a new key, an expired row or an
 * abandoned one is taken over; a live row is left alone and read. A row that vanishes between the
 * two (its request failed and let the key go) is claimed on the next turn.
 */
export async function claimKey(db: Db, accountId: string, key: string, requestHash: string): Promise<Claim> {
  for (;;) {
    const attempt = randomUUID();
    const [taken] = await db.insert(idempotentRequests).values({
      accountId, key, requestHash, attempt, expiresAt: sql`now() + make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`,
    }).onConflictDoUpdate({
      target: [idempotentRequests.accountId, idempotentRequests.key],
      set: {
        requestHash, attempt, statusCode: null, responseSealed: null, createdAt: sql`now()`,
        expiresAt: sql`now() + make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`,
      },
      setWhere: sql`${idempotentRequests.expiresAt} <= now() or (${idempotentRequests.statusCode} is null
        and ${idempotentRequests.createdAt} < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS}))`,
    }).returning({ attempt: idempotentRequests.attempt });
    if (taken) return { kind: 'claimed', attempt: taken.attempt };

    const [row] = await db.select().from(idempotentRequests)
      .where(and(eq(idempotentRequests.accountId, accountId), eq(idempotentRequests.key, key)));
    if (!row) continue;
    if (row.requestHash !== requestHash) return { kind: 'reused' };
    if (row.statusCode === null || row.responseSealed === null) return { kind: 'running' };
    return { kind: 'answered', statusCode: row.statusCode, responseSealed: row.responseSealed };
  }
}

const held = (accountId: string, key: string, attempt: string) =>
  and(eq(idempotentRequests.accountId, accountId), eq(idempotentRequests.key, key), eq(idempotentRequests.attempt, attempt));

/** Keeps the claimed request's answer for the rest of the window. */
export async function storeAnswer(db: Db, accountId: string, key: string, attempt: string, statusCode: number, responseSealed: string): Promise<void> {
  await db.update(idempotentRequests).set({ statusCode, responseSealed }).where(held(accountId, key, attempt));
}

/** The claimed request failed: the key is free again, so a retry runs the create. */
export async function releaseKey(db: Db, accountId: string, key: string, attempt: string): Promise<void> {
  await db.delete(idempotentRequests).where(held(accountId, key, attempt));
}

/** Deletes the rows past their window; returns how many went. */
export async function sweepExpiredIdempotentRequests(db: Db): Promise<number> {
  const gone = await db.delete(idempotentRequests).where(lte(idempotentRequests.expiresAt, sql`now()`))
    .returning({ key: idempotentRequests.key });
  return gone.length;
}
