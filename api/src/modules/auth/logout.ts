import { contract } from 'shared-contracts';
import { implement } from '../../http/implement';

/** Ends this token's session on the server, so a copy of the token left anywhere stops working. */
export const logout = implement(contract.auth.logout, async ({ user, app }) => {
  await app.auth.revokeSession(user.sessionId);
  return { message: 'Signed out' };
});
