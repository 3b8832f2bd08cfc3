import { contract } from 'shared-contracts';
import { implement } from '../../http/implement';
import { invalidCredentials } from '../../http/api-error';

export const login = implement(contract.auth.login, async ({ body, app }) => {
  const result = await app.auth.login(body.email, body.password);
  if (result === null) throw invalidCredentials();
  return result;
});
