import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { users } from '../../db/schema';
import { implement } from '../../http/implement';
import { passwordResetMail } from './mail-templates';
import { limitKeys } from './limit-keys';

export const RESET_LINK_SENT_TEXT = 'If an account uses this address, we sent it a link to reset the password.';

/** Same answer whether or not the address has an account; the limit counts unknown addresses too. */
export const forgetPassword = implement(contract.auth.forgetPassword, async ({ body, app, request }) => {
  await app.authLimits.consumeEmail(limitKeys('reset-email', body.userEmail, request));
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, body.userEmail));
  if (user) {
    const token = await app.oneTimeCodes.issueLink(user.id, 'password_reset');
    await app.mailer.send(passwordResetMail(app.config.appUrl, body.userEmail, token));
  }
  return { message: RESET_LINK_SENT_TEXT };
});
