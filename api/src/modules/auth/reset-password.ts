import { contract } from 'shared-contracts';
import { badRequest } from '../../http/api-error';
import { implement } from '../../http/implement';
import { updateSecurity } from '../users';
import { limitKeys } from './limit-keys';

export const RESET_LINK_INVALID_TEXT = 'This reset link is invalid or has already been used. Ask for a new one.';
export const RESET_LINK_EXPIRED_TEXT = 'This reset link has expired. Ask for a new one.';
export const PASSWORD_RESET_TEXT = 'Your password was reset. Sign in with the new one.';

/** Sets the password from an emailed link (used once) and signs every session of the user out. */
export const resetPassword = implement(contract.auth.resetPassword, async ({ body, app, request }) => {
  // Links are unguessable; counting failures per IP still stops anyone trying.
  const keys = limitKeys('reset-link', null, request);
  const result = await app.authLimits.attempt(keys, async () => {
    const link = await app.oneTimeCodes.consumeLink('password_reset', body.id);
    if (!link.ok) throw badRequest(link.reason === 'expired' ? RESET_LINK_EXPIRED_TEXT : RESET_LINK_INVALID_TEXT);
    return link;
  });
  await app.auth.setPassword(result.userId, body.password, null);
  // The link arrived by email, which proves the address as well as a verification link does.
  await updateSecurity(app.db, result.userId, { emailVerified: true });
  return { message: PASSWORD_RESET_TEXT };
});
