import { getCurrentUser } from './get-current-user';
import { getSecurityPreference, updateSecurityPreference } from './security-preference';
import { updateCurrentUser } from './update-current-user';

export { fullName, toSessionUser } from './session-user';
export { DEFAULT_SECURITY, securityOf, updateSecurity } from './security-preference-store';

export const usersEndpoints = [getCurrentUser, updateCurrentUser, getSecurityPreference, updateSecurityPreference];
