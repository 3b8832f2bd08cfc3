import { randomBytes, randomInt } from 'node:crypto';
import { hmac, macMatches, purposeKey } from '../../http/hmac';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { TWO_STEP_CODE_LENGTH, TWO_STEP_CODE_TTL_SECONDS } from 'shared-contracts';
import type { Db } from '../../db/client';
import { oneTimeCodes, type OneTimeCodeRow } from '../../db/schema';

type Purpose = OneTimeCodeRow['purpose'];

/** Wrong guesses a code survives; the next one kills it, so 6 digits cannot be walked through. */
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_TTL_SECONDS = TWO_STEP_CODE_TTL_SECONDS;

export type CodeCheck = { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'expired' | 'exhausted' };

/**
 * Keyed with a key of their own, derived from the server secret: a 6-digit code's plain SHA-256
 * is reversed by trying a million values, an HMAC is not without the key. The user id in the
 * input keeps equal codes of two users apart (the column is unique).
 */
function digest(key: Buffer, purpose: Purpose, value: string, userId = ''): string {
  return hmac(key, `${purpose}:${userId}:${value}`);
}

const expiresAt = () => new Date(Date.now() + CODE_TTL_SECONDS * 1000);

export function createOneTimeCodes(db: Db, serverSecret: string) {
  const key = purposeKey(serverSecret, 'one-time-codes');
  /** A newer code or link replaces the older ones of the same purpose. */
  const retire = (userId: string, purpose: Purpose) =>
    db.update(oneTimeCodes).set({ usedAt: sql`now()` })
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)));

  return {
    /** A random link token (verification, password reset); only its digest is stored. */
    async issueLink(userId: string, purpose: Purpose): Promise<string> {
      await retire(userId, purpose);
      const token = randomBytes(32).toString('base64url');
      await db.insert(oneTimeCodes).values({ userId, purpose, secretHash: digest(key, purpose, token), expiresAt: expiresAt() });
      return token;
    },

    /** Uses a link once: the update only succeeds while the row is unused, so two clicks cannot both win. */
    async consumeLink(purpose: Purpose, token: string): Promise<CodeCheck> {
      const [row] = await db.select().from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.secretHash, digest(key, purpose, token)), eq(oneTimeCodes.purpose, purpose)));
      if (!row || row.usedAt !== null) return { ok: false, reason: 'invalid' };
      if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
      const used = await db.update(oneTimeCodes).set({ usedAt: sql`now()` })
        .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.usedAt))).returning({ id: oneTimeCodes.id });
      return used.length === 1 ? { ok: true, userId: row.userId } : { ok: false, reason: 'invalid' };
    },

    /** A numeric code for a user (two-step sign-in). */
    async issueCode(userId: string, purpose: Purpose): Promise<string> {
      await retire(userId, purpose);
      const code = String(randomInt(0, 10 ** TWO_STEP_CODE_LENGTH)).padStart(TWO_STEP_CODE_LENGTH, '0');
      await db.insert(oneTimeCodes).values({ userId, purpose, secretHash: digest(key, purpose, code, userId), expiresAt: expiresAt() });
      return code;
    },

    async checkCode(userId: string, purpose: Purpose, code: string): Promise<CodeCheck> {
      const [row] = await db.select().from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)))
        .orderBy(desc(oneTimeCodes.createdAt)).limit(1);
      if (!row) return { ok: false, reason: 'invalid' };
      if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
      if (row.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, reason: 'exhausted' };
      if (!macMatches(digest(key, purpose, code, userId), row.secretHash)) {
        const [after] = await db.update(oneTimeCodes).set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
          .where(eq(oneTimeCodes.id, row.id)).returning({ attempts: oneTimeCodes.attempts });
        return { ok: false, reason: (after?.attempts ?? 0) >= MAX_CODE_ATTEMPTS ? 'exhausted' : 'invalid' };
      }
      const used = await db.update(oneTimeCodes).set({ usedAt: sql`now()` })
        .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.usedAt))).returning({ id: oneTimeCodes.id });
      return used.length === 1 ? { ok: true, userId } : { ok: false, reason: 'invalid' };
    },
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
