import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_KEY_EXPIRED_TEXT, API_KEY_REVOKED_TEXT, INVALID_API_KEY_TEXT } from 'shared-contracts';
import type { Db } from '../../db/client';
import { apiKeys, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { AuthUser } from '../../http/implement';
import type { CounterState } from '../rate-limit';
import { servicePlugin } from '../../plugins/service-plugin';
import { toSessionUser } from '../users';
import { hashSecret, SECRET_PREFIX } from './api-keys';

/** "Last used" is exact to the minute: a busy key writes its row once a minute, not on every request. */
export const LAST_USED_RESOLUTION_SECONDS = 60;

export const isApiKeySecret = (token: string) => token.startsWith(SECRET_PREFIX);

/** Why a key was refused, each with its own text: an integrator learns what to fix. */
export const keyRefusals = {
  unknown: INVALID_API_KEY_TEXT,
  revoked: API_KEY_REVOKED_TEXT,
  expired: API_KEY_EXPIRED_TEXT,
} as const;
export type KeyRefusal = keyof typeof keyRefusals;

export const refusedKey = (why: KeyRefusal) => new ApiError(401, 'Unauthorized', keyRefusals[why]);

export interface ApiKeyCallers {
  /**
   * The caller behind a key's secret, or why it is refused: unknown (also when its account has no
   * USER left), revoked or expired. Read from the database on every request, so a revoked key is
   * refused by every instance at once.
   */
  authenticate(secret: string): Promise<AuthUser | KeyRefusal>;
  /** Counts one request against the key's limit: whether it is refused, what is left and when the window resets. */
  countRequest(keyId: string): Promise<CounterState>;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiKeyCallers: ApiKeyCallers;
  }
}

export const tooManyKeyRequests = (seconds: number) =>
  new ApiError(429, 'TooManyRequests', `Too many requests with this API key. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);

export function createApiKeyCallers(db: Db, app: Pick<FastifyInstance, 'attemptCounters' | 'config'>): ApiKeyCallers {
  return {
    async authenticate(secret) {
      // The key acts as the USER who made it; when that user is gone or no longer a USER of the
      // account, as the account's oldest USER, so an integration outlives the person who set it up.
      const [row] = await db.select({
        keyId: apiKeys.id, lastUsedAt: apiKeys.lastUsedAt, revokedAt: apiKeys.revokedAt,
        expired: sql<boolean>`coalesce(${apiKeys.expiresAt} <= now(), false)`, user: users,
      }).from(apiKeys)
        .innerJoin(users, and(eq(users.accountId, apiKeys.accountId), eq(users.role, 'USER')))
        .where(eq(apiKeys.secretHash, hashSecret(secret)))
        .orderBy(desc(sql`coalesce(${users.id} = ${apiKeys.createdBy}, false)`), asc(users.createdAt), asc(users.id))
        .limit(1);
      if (!row) return 'unknown';
      if (row.revokedAt !== null) return 'revoked';
      if (row.expired) return 'expired';
      if (row.lastUsedAt === null || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_SECONDS * 1000) {
        // The condition repeats the check, so instances racing on the same minute write once.
        await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(and(
          eq(apiKeys.id, row.keyId),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - make_interval(secs => ${LAST_USED_RESOLUTION_SECONDS})`)),
        ));
      }
      return { ...toSessionUser(row.user), sessionId: row.keyId, apiKeyId: row.keyId };
    },

    async countRequest(keyId) {
      const { requests, windowSeconds } = app.config.apiKeyRateLimit;
      return app.attemptCounters.takeOne({ key: `api-key:${keyId}`, limit: requests }, windowSeconds);
    },
  };
}

/** Decorates `app.apiKeyCallers`; needs the shared counters of the rate-limit plugin. */
export const apiKeyCallersPlugin = servicePlugin('api-key-callers', async (app: FastifyInstance) => {
  app.decorate('apiKeyCallers', createApiKeyCallers(app.db, app));
});
