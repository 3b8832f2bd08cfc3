import { AgentCreatedScreen } from '../features/ai-call-supports/components/agent-created-screen';

export default function AiCallSupportCreated() {
  return <AgentCreatedScreen />;
}
