import { AiClientsScreen } from '../features/ai-clients/components/ai-clients-screen';

/** admin/ai-clients */
export default function AiClients() {
  return <AiClientsScreen />;
}
