import { contract, EMAIL_NOT_VERIFIED_TEXT, TWO_STEP_REQUIRED_TEXT } from 'shared-contracts';
import { ApiError } from '../../http/api-error';
import { implement } from '../../http/implement';
import { loginAlertMail } from './mail-templates';
import { securityOf } from '../users';
import { checkPasswordLimited } from './check-password-limited';

/** Password sign-in, under the failure limits of checkPasswordLimited. */
export const login = implement(contract.auth.login, async ({ body, app, request }) => {
  const user = await checkPasswordLimited(app, body.email, body.password, request);
  // Only someone who knows the password learns the account's state.
  const security = await securityOf(app.db, user.id);
  if (!security.emailVerified) throw new ApiError(403, 'Forbidden', EMAIL_NOT_VERIFIED_TEXT);
  if (security.twoStepEnabled) throw new ApiError(403, 'Forbidden', TWO_STEP_REQUIRED_TEXT);
  if (security.loginAlerts) await app.mailer.send(loginAlertMail(user.email, request.ip));
  return app.auth.startSession(user);
});
