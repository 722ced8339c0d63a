import { MessagesScreen } from '@/features/messages/components/messages-screen';

/** /messages (?conversation=<id> opens one). */
export default function MessagesRoute() {
  return <MessagesScreen />;
}
