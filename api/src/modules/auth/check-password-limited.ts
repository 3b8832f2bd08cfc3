import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidCredentials } from '../../http/api-error';
import { limitKeys } from './limit-keys';

/**
 * The password check of a sign-in (either step). Every attempt is counted per account and per
 * IP before the password is checked, and only a right password gives its attempt back; once
 * either limit is used up the answer is 429 without a check, so guessing stops for the window,
 * however many guesses are sent at once.
 */
export async function checkPasswordLimited(app: FastifyInstance, email: string, password: string, request: FastifyRequest) {
  const keys = limitKeys('login', email, request);
  return app.authLimits.attempt(keys, async () => {
    const user = await app.auth.checkCredentials(email, password);
    if (user === null) throw invalidCredentials();
    return user;
  });
}
