import { AgentListScreen } from '../features/ai-call-supports/components/agent-list-screen';

export default function AiCallSupports() {
  return <AgentListScreen />;
}
