import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, googleIdentities, users, type UserRow } from '../../../db/schema';
import { updateSecurity } from '../../users';
import { hashPassword } from '../password';
import type { GoogleProfile } from './google-verifier';

/**
 * The user a Google sign-in stands for: the one already linked to this Google account, else the
 * user with the same (Google-verified) address, now linked; else a new account with its USER.
 * Null when Google has not verified the address (linking on it would hand the account over).
 */
export async function userForGoogle(db: Db, profile: GoogleProfile): Promise<UserRow | null> {
  const [linked] = await db.select({ user: users }).from(googleIdentities)
    .innerJoin(users, eq(users.id, googleIdentities.userId)).where(eq(googleIdentities.sub, profile.sub));
  if (linked) return linked.user;
  if (!profile.emailVerified) return null;

  const [existing] = await db.select().from(users).where(eq(users.email, profile.email));
  if (existing) {
    await db.insert(googleIdentities).values({ sub: profile.sub, userId: existing.id, email: profile.email }).onConflictDoNothing();
    await updateSecurity(db, existing.id, { emailVerified: true });
    return existing;
  }

  const firstName = profile.firstName || profile.email.split('@')[0]!;
  // A password nobody knows: the user signs in with Google, or sets one through "forgot password".
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    const [account] = await tx.insert(accounts).values({ name: `${firstName} ${profile.lastName}`.trim() }).returning({ id: accounts.id });
    const [user] = await tx.insert(users).values({
      accountId: account!.id, role: 'USER', email: profile.email, passwordHash, firstName, lastName: profile.lastName,
    }).returning();
    await tx.insert(googleIdentities).values({ sub: profile.sub, userId: user!.id, email: profile.email });
    return user!;
  });
}
