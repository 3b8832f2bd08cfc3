import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from 'shared-contracts';
import type { Db } from '../../db/client';
import { securityPreferences, sessions, users, type UserRow } from '../../db/schema';
import type { AuthUser } from '../../http/implement';
import { servicePlugin } from '../../plugins/service-plugin';
import { DEFAULT_SECURITY, toSessionUser } from '../users';
import { createOneTimeCodes, type OneTimeCodes } from './one-time-codes';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { createLocalSessionCache, createRedisSessionCache, SESSION_CACHE_SECONDS, type Forget, type SessionCache } from './session-cache';
import { createTokenSigner } from './tokens';

/** How often a session's `lastSeenAt` is written: once a minute is exact enough for an idle timeout of 15+ minutes. */
const LAST_SEEN_RESOLUTION_SECONDS = 60;

export interface AuthService {
  /** The user whose email and password these are; null for a wrong email or password alike. */
  checkCredentials(email: string, password: string): Promise<UserRow | null>;
  /** Opens a session for a user who has proved who they are, and signs its token. */
  startSession(user: UserRow): Promise<{ token: string; user: SessionUser }>;
  /** The caller behind a token; null when it is invalid, expired, idle too long, revoked, or its user is gone. */
  authenticate(token: string): Promise<AuthUser | null>;
  revokeSession(sessionId: string): Promise<void>;
  /** Sets a new password and ends every session of the user except `keepSessionId` (none when null). */
  setPassword(userId: string, password: string, keepSessionId: string | null): Promise<void>;
  /**
   * Call after changing a user row (role, profile, time zone, agent number, removal) or its
   * security preferences: `authenticate` may otherwise answer from its cache for a few seconds.
   */
  forgetUser(userId: string): Promise<void>;
  /** Hears every session revocation and user change, made on this instance or (with Redis) any other. */
  onSessionChange(listener: (change: Forget) => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    oneTimeCodes: OneTimeCodes;
  }
}

/** Sessions and their tokens. Long only as one short method each over the shared cache and signing key. */
export function createAuthService(
  db: Db,
  options: { tokenSecret: string; tokenTtlSeconds: number },
  cache: SessionCache = createLocalSessionCache(0),
): AuthService {
  const signer = createTokenSigner(options.tokenSecret);
  return {
    async checkCredentials(email, password) {
      const [user] = await db.select().from(users).where(eq(users.email, email));
      if (!user) {
        await burnPasswordCheck(password);
        return null;
      }
      return (await verifyPassword(user.passwordHash, password)) ? user : null;
    },

    async startSession(user) {
      // Expired rows only ever say "no"; dropping the user's old ones here keeps the table small.
      await db.delete(sessions).where(and(eq(sessions.userId, user.id), lt(sessions.expiresAt, sql`now()`)));
      const expiresAt = new Date(Date.now() + options.tokenTtlSeconds * 1000);
      const [session] = await db.insert(sessions).values({ userId: user.id, expiresAt }).returning({ id: sessions.id });
      if (!session) throw new Error('session insert returned no row');
      const token = await signer.sign({ userId: user.id, sessionId: session.id }, expiresAt);
      return { token, user: toSessionUser(user) };
    },

    async authenticate(token) {
      const cached = cache.get(token);
      if (cached !== null) return cached;
      const mark = cache.mark();
      const claims = await signer.verify(token);
      if (claims === null) return null;
      // The signature proves who issued the token; the row says whether it still counts.
      const [row] = await db
        .select({
          user: users,
          sessionId: sessions.id,
          expiresAt: sessions.expiresAt,
          idleSeconds: sql<number>`extract(epoch from (now() - ${sessions.lastSeenAt}))::float8`,
          timeoutMinutes: securityPreferences.sessionTimeoutMinutes,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(securityPreferences, eq(securityPreferences.userId, users.id))
        .where(and(
          eq(sessions.id, claims.sessionId),
          eq(sessions.userId, claims.userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ));
      if (!row) return null;
      const idleSeconds = Number(row.idleSeconds);
      const timeoutSeconds = (row.timeoutMinutes ?? DEFAULT_SECURITY.sessionTimeoutMinutes) * 60;
      if (idleSeconds > timeoutSeconds) {
        await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, row.sessionId));
        await cache.forgetSession(row.sessionId);
        return null;
      }
      let idleDeadlineMs = Date.now() + (timeoutSeconds - idleSeconds) * 1000;
      if (idleSeconds > LAST_SEEN_RESOLUTION_SECONDS) {
        await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.sessionId));
        idleDeadlineMs = Date.now() + timeoutSeconds * 1000;
      }
      const caller = { ...toSessionUser(row.user), sessionId: row.sessionId };
      // Never remembered past the session's expiry or its idle deadline as the database saw them.
      cache.set(token, caller, Math.min(row.expiresAt.getTime(), idleDeadlineMs), mark);
      return caller;
    },

    async revokeSession(sessionId) {
      await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
      await cache.forgetSession(sessionId);
    },

    forgetUser: (userId) => cache.forgetUser(userId),
    onSessionChange: (listener) => cache.onForget(listener),

    async setPassword(userId, password, keepSessionId) {
      const passwordHash = await hashPassword(password);
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
      await db.insert(securityPreferences).values({ userId, passwordChangedAt: sql`now()` })
        .onConflictDoUpdate({ target: securityPreferences.userId, set: { passwordChangedAt: sql`now()`, updatedAt: sql`now()` } });
      // Whoever held the old password may hold a session too: only the session that changed it stays.
      await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === null ? undefined : ne(sessions.id, keepSessionId),
      ));
      await cache.forgetUser(userId);
    },
  };
}

/** Decorates `app.auth` and `app.oneTimeCodes`. */
export const authServicePlugin = servicePlugin('auth-service', async (app: FastifyInstance) => {
  const { redisUrl, sessionCacheSeconds } = app.config;
  const cache = redisUrl === undefined
    ? createLocalSessionCache(sessionCacheSeconds ?? SESSION_CACHE_SECONDS.local)
    : await createRedisSessionCache(redisUrl, sessionCacheSeconds ?? SESSION_CACHE_SECONDS.redis,
      (err) => app.log.error({ err }, 'session cache redis error'));
  app.addHook('onClose', () => cache.close());
  app.decorate('auth', createAuthService(app.db, app.config, cache));
  app.decorate('oneTimeCodes', createOneTimeCodes(app.db, app.config.tokenSecret));
});
