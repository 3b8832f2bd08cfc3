import { useParams } from 'react-router-dom';
import { AiClientEditScreen } from '../features/ai-client-edit/components/ai-client-edit-screen';

/** admin/ai-client/edit/{id} */
export default function AiClientEdit() {
  const { id = '' } = useParams();
  // A new id is a new client: remount so no state of the previous one lingers.
  return <AiClientEditScreen key={id} id={id} />;
}
