import { useApi, useSessionUser } from 'shared-auth';
import { contract } from 'shared-contracts';

/** The signed-in user's full record (profile fields included) and security settings. */
export function useAccountData() {
  const user = useSessionUser();
  const params = user ? { params: { userId: user.id } } : null;
  const current = useApi(contract.users.getCurrentUser, params);
  const security = useApi(contract.users.getSecurityPreference, params);
  return { user, current, security };
}
