import { getCurrentUser } from './get-current-user';
import { getSecurityPreference, updateSecurityPreference } from './security-preference';
import { updateCurrentUser } from './update-current-user';

export const usersEndpoints = [getCurrentUser, updateCurrentUser, getSecurityPreference, updateSecurityPreference];
