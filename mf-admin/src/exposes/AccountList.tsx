import { AccountListScreen } from '../features/account-list/components/account-list-screen';

/** admin/account-list */
export default function AccountList() {
  return <AccountListScreen />;
}
