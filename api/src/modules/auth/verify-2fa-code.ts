import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { users } from '../../db/schema';
import { ApiError, badRequest } from '../../http/api-error';
import { implement } from '../../http/implement';
import { limitKeys } from './limit-keys';

export const CODE_INCORRECT_TEXT = 'The code is incorrect';
export const CODE_EXPIRED_TEXT = 'This code has expired. Ask for a new one.';
export const CODE_EXHAUSTED_TEXT = 'Too many wrong codes. Ask for a new one.';

/** Finishes a two-step sign-in. An unknown address and a wrong code get the same answer. */
export const verify2FACode = implement(contract.auth.verify2FACode, async ({ body, app, request }) => {
  const keys = limitKeys('two-step', body.email, request);
  const user = await app.authLimits.attempt(keys, async () => {
    const [found] = await app.db.select().from(users).where(eq(users.email, body.email));
    const result = found ? await app.oneTimeCodes.checkCode(found.id, 'two_step', body.code) : { ok: false as const, reason: 'invalid' as const };
    if (!result.ok || !found) {
      if (result.ok || result.reason === 'invalid') throw new ApiError(401, 'InvalidCredentials', CODE_INCORRECT_TEXT);
      throw badRequest(result.reason === 'expired' ? CODE_EXPIRED_TEXT : CODE_EXHAUSTED_TEXT);
    }
    return found;
  });
  return app.auth.startSession(user);
});
