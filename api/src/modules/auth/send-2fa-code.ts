import { contract } from 'shared-contracts';
import { badRequest } from '../../http/api-error';
import { implement } from '../../http/implement';
import { twoStepCodeMail } from './mail-templates';
import { securityOf } from '../users';
import { checkPasswordLimited } from './check-password-limited';
import { limitKeys } from './limit-keys';
import { CODE_TTL_SECONDS } from './one-time-codes';

/** "a***@example.com": enough for the user to recognise the address, not to read it. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

/**
 * Step two of a sign-in: the password is checked again (the code must not be a way around it),
 * then a new code replaces any earlier one. Codes go by email; the SMS channel has no sender
 * on this server yet, so the preference refuses it (see update-security-preference).
 */
export const send2FACode = implement(contract.auth.send2FACode, async ({ body, app, request }) => {
  const user = await checkPasswordLimited(app, body.email, body.password, request);
  const security = await securityOf(app.db, user.id);
  if (!security.twoStepEnabled) throw badRequest('Two-step verification is off for this account. Sign in with your password.');
  await app.authLimits.consumeEmail(limitKeys('two-step-email', user.email, request));
  const code = await app.oneTimeCodes.issueCode(user.id, 'two_step');
  await app.mailer.send(twoStepCodeMail(user.email, code));
  return { channel: 'email' as const, sentTo: maskEmail(user.email), expiresInSeconds: CODE_TTL_SECONDS };
});
