import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { users } from '../../db/schema';
import { implement } from '../../http/implement';
import { securityOf } from '../users';

/** The tenant check limits this to the caller's own address (administrators: any). */
export const checkAllowedUser = implement(contract.auth.checkAllowedUser, async ({ params, app }) => {
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, params.x));
  if (!user) return { allowed: false, twoStepRequired: false };
  const security = await securityOf(app.db, user.id);
  return { allowed: security.emailVerified, twoStepRequired: security.twoStepEnabled };
});
