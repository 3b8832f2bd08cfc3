import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { users } from '../../db/schema';
import { badRequest } from '../../http/api-error';
import { implement } from '../../http/implement';
import { updateSecurity } from '../users';
import { limitKeys } from './limit-keys';

export const VERIFY_LINK_INVALID_TEXT = 'This verification link is invalid or has already been used. Ask for a new one.';
export const VERIFY_LINK_EXPIRED_TEXT = 'This verification link has expired. Ask for a new one.';

/** The link from the registration email: token and email, used once. */
export const verifyEmail = implement(contract.auth.verifyEmail, async ({ query, app, request }) => {
  const keys = limitKeys('verify-email', query.email, request);
  const { result, user } = await app.authLimits.attempt(keys, async () => {
    const link = await app.oneTimeCodes.consumeLink('verify_email', query.token);
    if (!link.ok) throw badRequest(link.reason === 'expired' ? VERIFY_LINK_EXPIRED_TEXT : VERIFY_LINK_INVALID_TEXT);
    const [owner] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, link.userId));
    // A token only counts with the address it was sent to.
    if (!owner || owner.email !== query.email) throw badRequest(VERIFY_LINK_INVALID_TEXT);
    return { result: link, user: owner };
  });
  await updateSecurity(app.db, result.userId, { emailVerified: true });
  return { email: user.email, verified: true };
});
