import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { users } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { securityOf } from './security-preference-store';
import { toSessionUser } from './session-user';

// The tenant check (`self`) already proved params.userId is the caller, whose row the session
// lookup loaded moments ago; only administrators reading someone else's record need the table.
export const getCurrentUser = implement(contract.users.getCurrentUser, async ({ params, user, db }) => {
  const { phoneNumber } = await securityOf(db, params.userId);
  if (params.userId === user.id) {
    const { sessionId: _sessionId, ...self } = user;
    return { user: self, phoneNumber };
  }
  const [row] = await db.select().from(users).where(eq(users.id, params.userId));
  if (!row) throw notFound();
  return { user: toSessionUser(row), phoneNumber };
});
