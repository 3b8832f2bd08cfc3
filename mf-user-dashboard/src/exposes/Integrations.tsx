import { IntegrationsScreen } from '../features/integrations/components/integrations-screen';

export default function Integrations() {
  return <IntegrationsScreen />;
}
