import { getAccountPreference, getTimezones, updateUserPreference } from './preferences';

export const preferenceEndpoints = [getAccountPreference, getTimezones, updateUserPreference];
