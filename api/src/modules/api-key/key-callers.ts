import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { apiKeys, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { AuthUser } from '../../http/implement';
import { servicePlugin } from '../../plugins/service-plugin';
import { toSessionUser } from '../users/session-user';
import { hashSecret, SECRET_PREFIX } from './api-keys';

/** "Last used" is exact to the minute: a busy key writes its row once a minute, not on every request. */
export const LAST_USED_RESOLUTION_SECONDS = 60;

export const isApiKeySecret = (token: string) => token.startsWith(SECRET_PREFIX);

export interface ApiKeyCallers {
  /**
   * The caller behind a key's secret, or null when the key is unknown, revoked or expired, or its
   * account has no USER left. Read from the database on every request, so a revoked key is refused
   * by every instance at once.
   */
  authenticate(secret: string): Promise<AuthUser | null>;
  /** Counts one request against the key's limit: null when it may go on, else the seconds until the window resets. */
  countRequest(keyId: string): Promise<number | null>;
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
      const [row] = await db.select({ keyId: apiKeys.id, lastUsedAt: apiKeys.lastUsedAt, user: users }).from(apiKeys)
        .innerJoin(users, and(eq(users.accountId, apiKeys.accountId), eq(users.role, 'USER')))
        .where(and(
          eq(apiKeys.secretHash, hashSecret(secret)),
          isNull(apiKeys.revokedAt),
          or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
        ))
        .orderBy(desc(sql`coalesce(${users.id} = ${apiKeys.createdBy}, false)`), asc(users.createdAt), asc(users.id))
        .limit(1);
      if (!row) return null;
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
      return app.attemptCounters.take([{ key: `api-key:${keyId}`, limit: requests }], windowSeconds);
    },
  };
}

/** Decorates `app.apiKeyCallers`; needs the shared counters of the rate-limit plugin. */
export const apiKeyCallersPlugin = servicePlugin('api-key-callers', async (app: FastifyInstance) => {
  app.decorate('apiKeyCallers', createApiKeyCallers(app.db, app));
});
