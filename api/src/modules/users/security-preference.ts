import { contract } from 'shared-contracts';
import { badRequest, notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { securityOf, toSecurityPreference, updateSecurity } from './security-preference-store';

export const SMS_CODES_UNAVAILABLE_TEXT = 'Codes by SMS are not available yet. Choose email.';

export const getSecurityPreference = implement(contract.users.getSecurityPreference, async ({ params, user, db }) => {
  if (params.userId !== user.id) throw notFound();
  return toSecurityPreference(await securityOf(db, user.id));
});

/** Own settings only (administrators included: another user's two-step is theirs to turn off). */
export const updateSecurityPreference = implement(contract.users.updateSecurityPreference, async ({ params, body, user, db, app }) => {
  if (params.userId !== user.id) throw notFound();
  // The server has no SMS sender for codes; accepting "sms" would lock the user out.
  if (body.twoStepChannel === 'sms') throw badRequest(SMS_CODES_UNAVAILABLE_TEXT);
  const saved = await updateSecurity(db, user.id, body);
  // A shorter session timeout applies from the next request, not when a cached caller expires.
  await app.auth.forgetUser(user.id);
  return toSecurityPreference(saved);
});
