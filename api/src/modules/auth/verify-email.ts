import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { users } from '../../db/schema';
import { badRequest } from '../../http/api-error';
import { implement } from '../../http/implement';
import { updateSecurity } from '../users/security-preference-store';
import { limitKeys } from './limit-keys';

export const VERIFY_LINK_INVALID_TEXT = 'This verification link is invalid or has already been used. Ask for a new one.';
export const VERIFY_LINK_EXPIRED_TEXT = 'This verification link has expired. Ask for a new one.';

/** The link from the registration email: token and email, used once. */
export const verifyEmail = implement(contract.auth.verifyEmail, async ({ query, app, request }) => {
  const keys = limitKeys('verify-email', query.email, request);
  await app.authLimits.takeAttempt(keys);
  const result = await app.oneTimeCodes.consumeLink('verify_email', query.token);
  if (!result.ok) throw badRequest(result.reason === 'expired' ? VERIFY_LINK_EXPIRED_TEXT : VERIFY_LINK_INVALID_TEXT);
  const [user] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, result.userId));
  // A token only counts with the address it was sent to.
  if (!user || user.email !== query.email) throw badRequest(VERIFY_LINK_INVALID_TEXT);
  await app.authLimits.giveBack(keys);
  await updateSecurity(app.db, result.userId, { emailVerified: true });
  return { email: user.email, verified: true };
});
