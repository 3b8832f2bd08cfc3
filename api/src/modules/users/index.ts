import { getCurrentUser } from './get-current-user';

export const usersEndpoints = [getCurrentUser];
