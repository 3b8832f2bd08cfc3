import { CreateAgentScreen } from '../features/ai-call-supports/components/create-agent-screen';

export default function AiCallSupportCreate() {
  return <CreateAgentScreen />;
}
