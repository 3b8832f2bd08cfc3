import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { users } from '../../db/schema';
import { badRequest } from '../../http/api-error';
import { implement } from '../../http/implement';
import { passwordChangedMail } from './mail-templates';
import { limitKeys } from './limit-keys';
import { verifyPassword } from './password';

export const CURRENT_PASSWORD_WRONG_TEXT = 'Current password is incorrect';
export const PASSWORD_CHANGED_TEXT = 'Password changed. Your other sessions were signed out.';

/**
 * Needs the current password (a stolen session alone cannot take the account over); ends
 * every other session. A wrong current password is a 400, not a 401: the session is fine.
 */
export const changePassword = implement(contract.auth.changePassword, async ({ body, user, app, request }) => {
  const keys = limitKeys('change-password', user.id, request);
  await app.authLimits.attempt(keys, async () => {
    const [row] = await app.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    if (!row || !(await verifyPassword(row.passwordHash, body.password))) throw badRequest(CURRENT_PASSWORD_WRONG_TEXT);
  });
  await app.auth.setPassword(user.id, body.passwordNew, user.sessionId);
  await app.mailer.send(passwordChangedMail(user.email));
  return { message: PASSWORD_CHANGED_TEXT };
});
