import { EditAgentScreen } from '../features/ai-call-supports/components/edit-agent-screen';

export default function AiCallSupportEdit() {
  return <EditAgentScreen />;
}
