import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { users } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { securityOf, updateSecurity } from './security-preference-store';
import { toSessionUser } from './session-user';

/**
 * Each user edits only their own profile; the tenant check lets administrators through for
 * reads, so the update refuses any id but the caller's (404, like every id that is not yours).
 */
export const updateCurrentUser = implement(contract.users.updateCurrentUser, async ({ params, body, user, db, app }) => {
  if (params.userId !== user.id) throw notFound();
  const { phoneNumber, ...profile } = body;
  const security = phoneNumber !== undefined ? await updateSecurity(db, user.id, { phoneNumber }) : await securityOf(db, user.id);
  const [row] = Object.keys(profile).length > 0
    ? await db.update(users).set(profile).where(eq(users.id, user.id)).returning()
    : await db.select().from(users).where(eq(users.id, user.id));
  if (!row) throw notFound();
  // The call logs show a human agent's name.
  if (Object.keys(profile).length > 0) app.callLogsCache.changed(row.accountId);
  // The signed-in caller (`user` of later requests) carries the profile: drop its cached copy.
  await app.auth.forgetUser(user.id);
  return { user: toSessionUser(row), phoneNumber: security.phoneNumber };
});
