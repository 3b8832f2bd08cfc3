import { getAccount } from './get-account';
import { getAccountAudit } from './get-account-audit';
import { getAccountOverview } from './get-account-overview';
import { getAllAccounts } from './get-all-accounts';
import { updateAccount } from './update-account';

export const accountEndpoints = [getAllAccounts, getAccount, updateAccount, getAccountAudit, getAccountOverview];
