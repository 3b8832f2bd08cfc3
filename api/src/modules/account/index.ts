import { getAllAccounts } from './get-all-accounts';

export const accountEndpoints = [getAllAccounts];
