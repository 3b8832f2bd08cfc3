import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from 'shared-contracts';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { AuthUser } from '../../http/implement';
import { servicePlugin } from '../../plugins/service-plugin';
import { toSessionUser } from '../users/session-user';
import { burnPasswordCheck, verifyPassword } from './password';
import { createTokenSigner } from './tokens';

export interface AuthService {
  /** Null for a wrong email or password alike, so the caller cannot tell which one was wrong. */
  login(email: string, password: string): Promise<{ token: string; user: SessionUser } | null>;
  /** The caller behind a token; null when it is invalid, expired, revoked, or its user is gone. */
  authenticate(token: string): Promise<AuthUser | null>;
  revokeSession(sessionId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
}

export function createAuthService(db: Db, options: { tokenSecret: string; tokenTtlSeconds: number }): AuthService {
  const signer = createTokenSigner(options.tokenSecret);
  return {
    async login(email, password) {
      const [user] = await db.select().from(users).where(eq(users.email, email));
      if (!user) {
        await burnPasswordCheck(password);
        return null;
      }
      if (!(await verifyPassword(user.passwordHash, password))) return null;
      // Expired rows only ever say "no"; dropping the user's old ones here keeps the table small.
      await db.delete(sessions).where(and(eq(sessions.userId, user.id), lt(sessions.expiresAt, sql`now()`)));
      const expiresAt = new Date(Date.now() + options.tokenTtlSeconds * 1000);
      const [session] = await db.insert(sessions).values({ userId: user.id, expiresAt }).returning({ id: sessions.id });
      if (!session) throw new Error('session insert returned no row');
      const token = await signer.sign({ userId: user.id, sessionId: session.id }, expiresAt);
      return { token, user: toSessionUser(user) };
    },

    async authenticate(token) {
      const claims = await signer.verify(token);
      if (claims === null) return null;
      // The signature proves who issued the token; the row says whether it still counts.
      const [row] = await db
        .select({ user: users, sessionId: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(
          eq(sessions.id, claims.sessionId),
          eq(sessions.userId, claims.userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ));
      return row ? { ...toSessionUser(row.user), sessionId: row.sessionId } : null;
    },

    async revokeSession(sessionId) {
      await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
    },
  };
}

/** Decorates `app.auth`. */
export const authServicePlugin = servicePlugin('auth-service', async (app: FastifyInstance) => {
  app.decorate('auth', createAuthService(app.db, app.config));
});
