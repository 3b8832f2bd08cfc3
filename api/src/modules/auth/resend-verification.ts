import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { users } from '../../db/schema';
import { implement } from '../../http/implement';
import { verificationMail } from './mail-templates';
import { securityOf } from '../users';
import { limitKeys } from './limit-keys';

export const RESEND_VERIFICATION_TEXT = 'If this address is waiting for confirmation, we sent a new link.';

/** Same answer for every address; only an unverified one gets a new link. */
export const resendVerification = implement(contract.auth.resendVerification, async ({ body, app, request }) => {
  await app.authLimits.consumeEmail(limitKeys('verification-email', body.email, request));
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, body.email));
  if (user && !(await securityOf(app.db, user.id)).emailVerified) {
    const token = await app.oneTimeCodes.issueLink(user.id, 'verify_email');
    await app.mailer.send(verificationMail(app.config.appUrl, body.email, token));
  }
  return { message: RESEND_VERIFICATION_TEXT };
});
