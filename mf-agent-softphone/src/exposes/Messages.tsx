import { MessagesScreen } from '../features/messages/components/messages-screen';

/** dashboard/messages */
export default function Messages() {
  return <MessagesScreen />;
}
