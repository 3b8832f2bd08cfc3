import { contract } from 'shared-contracts';
import { implement } from '../../http/implement';

/** Public on purpose: the browser asks "who am I?" with whatever token it holds and reads null as signed out. */
export const sessionUser = implement(contract.auth.sessionUser, async ({ user }) => {
  if (user === null) return null;
  const { sessionId: _sessionId, ...sessionUser } = user;
  return sessionUser;
});
