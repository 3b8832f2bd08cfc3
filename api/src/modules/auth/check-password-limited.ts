import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidCredentials } from '../../http/api-error';
import { limitKeys } from './limit-keys';

/**
 * The password check of a sign-in (either step). Failures count per account and per IP; once
 * either is used up the answer is 429 before the password is even checked, so guessing stops
 * for the window.
 */
export async function checkPasswordLimited(app: FastifyInstance, email: string, password: string, request: FastifyRequest) {
  const keys = limitKeys('login', email, request);
  await app.authLimits.assertFailuresLeft(keys);
  const user = await app.auth.checkCredentials(email, password);
  if (user === null) {
    await app.authLimits.recordFailure(keys);
    throw invalidCredentials();
  }
  return user;
}
