import { contract } from 'shared-contracts';
import { ApiError } from '../../http/api-error';
import { implement } from '../../http/implement';
import { createGoogleVerifier, GoogleTokenError, type GoogleVerifier } from './google/google-verifier';
import { userForGoogle } from './google/google-user';
import { limitKeys } from './limit-keys';

export const GOOGLE_REJECTED_TEXT = 'Google sign-in failed. Please try again.';
export const GOOGLE_EMAIL_UNVERIFIED_TEXT = 'Your Google email address is not verified, so it cannot be used to sign in.';
export const GOOGLE_NOT_CONFIGURED_TEXT = 'Google sign-in is not available on this server.';

const verifiers = new WeakMap<object, GoogleVerifier>();

/**
 * Both Google flows end here. A Google sign-in stands on its own: our two-step code is for
 * password sign-ins (Google runs its own second step).
 */
export const loginGoogle = implement(contract.auth.loginGoogle, async ({ body, app, request }) => {
  let verifier = verifiers.get(app.config);
  if (!verifier) verifiers.set(app.config, (verifier = createGoogleVerifier(app.config.google)));
  // Not offered here, like an unknown route: a client's attempt is not a server error.
  if (!verifier.configured()) throw new ApiError(404, 'NotFound', GOOGLE_NOT_CONFIGURED_TEXT);
  const keys = limitKeys('google', null, request);
  await app.authLimits.takeAttempt(keys);
  let profile;
  try {
    profile = body.flow === 'code'
      ? await verifier.fromCode(body.code, body.redirectUri)
      : await verifier.fromAccessToken(body.accessToken);
  } catch (err) {
    if (!(err instanceof GoogleTokenError)) {
      // Google out of reach is nobody's failed attempt.
      await app.authLimits.giveBack(keys);
      throw err;
    }
    request.log.warn({ reason: err.message }, 'Google sign-in rejected');
    throw new ApiError(401, 'InvalidCredentials', GOOGLE_REJECTED_TEXT);
  }
  await app.authLimits.giveBack(keys);
  const user = await userForGoogle(app.db, profile);
  if (user === null) throw new ApiError(401, 'InvalidCredentials', GOOGLE_EMAIL_UNVERIFIED_TEXT);
  return app.auth.startSession(user);
});
