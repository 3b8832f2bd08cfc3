import { ApiIntegrationScreen } from '../features/api-keys/components/api-integration-screen';

export default function ApiIntegration() {
  return <ApiIntegrationScreen />;
}
