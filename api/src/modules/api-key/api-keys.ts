import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { API_KEY_SECRET_PREFIX, MAX_ACTIVE_API_KEYS, contract, type ApiKey } from 'shared-contracts';
import { lockAccount } from '../../db/account-lock';
import { apiKeys } from '../../db/schema';
import { badRequest, notFound } from '../../http/api-error';
import { implement } from '../../http/implement';

export const TOO_MANY_KEYS_TEXT = `You can have at most ${MAX_ACTIVE_API_KEYS} active API keys; revoke one first`;
export const SECRET_PREFIX = API_KEY_SECRET_PREFIX;
const DAY_MS = 86_400_000;

/** 32 random bytes: a hash of such a secret cannot be reversed, so no slow password hash is needed. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

const toApiKey = (row: typeof apiKeys.$inferSelect): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export const createApiKey = implement(contract.apiKey.create, async ({ body, user, db }) => {
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    // Creates at once count one after the other, so together they cannot pass the cap.
    await lockAccount(tx, 'apiKeys', user.accountId);
    const [{ active } = { active: 0 }] = await tx.select({ active: count() }).from(apiKeys).where(and(
      eq(apiKeys.accountId, user.accountId), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
    ));
    if (active >= MAX_ACTIVE_API_KEYS) throw badRequest(TOO_MANY_KEYS_TEXT);
    const [inserted] = await tx.insert(apiKeys).values({
      accountId: user.accountId, createdBy: user.id, name: body.name, prefix: secret.slice(0, SECRET_PREFIX.length + 6),
      secretHash: hashSecret(secret), expiresAt: body.expiresInDays ? new Date(now.getTime() + body.expiresInDays * DAY_MS) : null,
    }).returning();
    return inserted!;
  });
  return { apiKey: toApiKey(row), secret };
});

export const listApiKeys = implement(contract.apiKey.list, async ({ user, db }) => {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.accountId, user.accountId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
});

export const revokeApiKey = implement(contract.apiKey.revoke, async ({ params, db }) => {
  // Revoking twice keeps the first time: the key stopped working then.
  await db.update(apiKeys).set({ revokedAt: new Date() }).where(and(eq(apiKeys.id, params.id), isNull(apiKeys.revokedAt)));
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, params.id));
  if (!row) throw notFound();
  return toApiKey(row);
});
