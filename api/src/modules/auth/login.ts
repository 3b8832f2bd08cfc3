import { contract, EMAIL_NOT_VERIFIED_TEXT, TWO_STEP_REQUIRED_TEXT } from 'shared-contracts';
import { ApiError, invalidCredentials } from '../../http/api-error';
import { implement } from '../../http/implement';
import { loginAlertMail } from '../email/templates';
import { securityOf } from '../users/security-preference-store';
import { limitKeys } from './limit-keys';

/**
 * Password sign-in. Failures count per account and per IP; once either is used up the answer
 * is 429 before the password is even checked, so guessing stops for the window.
 */
export const login = implement(contract.auth.login, async ({ body, app, request }) => {
  const keys = limitKeys('login', body.email, request);
  await app.authLimits.assertFailuresLeft(keys);
  const user = await app.auth.checkCredentials(body.email, body.password);
  if (user === null) {
    await app.authLimits.recordFailure(keys);
    throw invalidCredentials();
  }
  // Only someone who knows the password learns the account's state.
  const security = await securityOf(app.db, user.id);
  if (!security.emailVerified) throw new ApiError(403, 'Forbidden', EMAIL_NOT_VERIFIED_TEXT);
  if (security.twoStepEnabled) throw new ApiError(403, 'Forbidden', TWO_STEP_REQUIRED_TEXT);
  if (security.loginAlerts) await app.mailer.send(loginAlertMail(user.email, request.ip));
  return app.auth.startSession(user);
});
