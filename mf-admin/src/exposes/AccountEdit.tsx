import { useParams } from 'react-router-dom';
import { AccountEditScreen } from '../features/account-edit/components/account-edit-screen';

/** admin/account/edit/{id} */
export default function AccountEdit() {
  const { id = '' } = useParams();
  return <AccountEditScreen key={id} id={id} />;
}
