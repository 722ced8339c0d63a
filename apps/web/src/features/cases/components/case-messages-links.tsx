import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { caseThreads, useConversations } from '@/api/conversations';
import { buttonClasses } from '@/components/ui/button';
import { conversationPath } from '@/config/paths';

/**
 * The case page's Messages action: its case thread on the messages screen, and for the case's
 * team (everyone but the client) its team thread too. Nothing while the threads load or when the
 * case has none.
 */
export function CaseMessagesLinks({ caseId }: { caseId: string }) {
  const conversations = useConversations(caseId);
  const { caseThread, teamThread } = caseThreads(conversations.data?.data);
  if (!caseThread && !teamThread) return null;
  const link = buttonClasses({ variant: 'secondary' });
  return (
    <nav aria-label="Case messages" className="ml-auto flex flex-wrap gap-2">
      {caseThread && (
        <Link to={conversationPath(caseThread.id)} className={link}>
          <MessagesSquare aria-hidden="true" className="size-4" />
          Messages
        </Link>
      )}
      {teamThread && (
        <Link to={conversationPath(teamThread.id)} className={link}>
          <MessagesSquare aria-hidden="true" className="size-4" />
          Team messages
        </Link>
      )}
    </nav>
  );
}
