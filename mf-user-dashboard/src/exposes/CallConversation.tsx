import { CallConversationScreen } from '../features/calls/components/call-conversation-screen';

export default function CallConversation() {
  return <CallConversationScreen />;
}
