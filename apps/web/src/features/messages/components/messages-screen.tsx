import { MESSAGES } from '@sentinel/shared';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { MessageSquare } from 'lucide-react';
import { useId } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { conversationsQueryOptions } from '@/api/conversations';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { conversationPath, paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { useMediaQuery } from '@/lib/use-media-query';
import { ConversationList } from './conversation-list';
import { ConversationThread } from './conversation-thread';
import { NewMessageButton } from './new-message-button';

/**
 * /messages (spec §2 Messages, issue 12): the person's conversations on the left, the open one on
 * the right. Phones (under 1024 px) show the list, or the open conversation with a way back.
 * Attorneys start a direct conversation with 'New message'. The open conversation is
 * ?conversation=<id>, so notifications and the case page link to it.
 */
export function MessagesScreen() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const selectedId = params.get('conversation');
  const wide = useMediaQuery('(min-width: 1024px)');
  const conversations = useQuery({ ...conversationsQueryOptions(), select: (answer) => answer.data });
  const headingId = useId();
  const viewerId = session?.userId;
  const hasConversations = (conversations.data?.length ?? 0) > 0;

  const hrefOf = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('conversation', id);
    return `${paths.messages}?${next.toString()}`;
  };
  const backHref = (() => {
    const next = new URLSearchParams(params);
    next.delete('conversation');
    const query = next.toString();
    return query ? `${paths.messages}?${query}` : paths.messages;
  })();

  const showList = wide || !selectedId;
  const showThread = wide || Boolean(selectedId);

  return (
    <>
      <PageHeader
        title="Messages"
        description="Conversations with your case team."
        actions={
          session?.userType === 'attorney' && (
            <NewMessageButton onStarted={(id) => void navigate(conversationPath(id))} />
          )
        }
      />
      <div className="gap-4 lg:grid lg:h-[calc(100dvh-13rem)] lg:min-h-[34rem] lg:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)]">
        {showList && (
          <section
            aria-labelledby={headingId}
            className="flex min-h-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs"
          >
            <h2
              id={headingId}
              className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900"
            >
              Conversations
            </h2>
            <div className="min-h-0 flex-1 overflow-y-auto">
              <ConversationList
                query={conversations}
                selectedId={selectedId}
                hrefOf={hrefOf}
                viewerId={viewerId}
                emptyHint={wide ? undefined : MESSAGES.messagesEmptyHint}
              />
            </div>
          </section>
        )}
        {showThread && (
          <section
            aria-label="Conversation"
            className={clsx(
              'flex min-h-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs',
              !wide && 'h-[calc(100dvh-10rem)] min-h-[26rem]',
            )}
          >
            {selectedId ? (
              <ConversationThread
                key={selectedId}
                conversationId={selectedId}
                viewerId={viewerId}
                backHref={wide ? undefined : backHref}
              />
            ) : (
              <div className="flex flex-1 items-center justify-center">
                <EmptyState
                  icon={MessageSquare}
                  title={MESSAGES.noConversationSelected}
                  description={
                    hasConversations || conversations.isPending
                      ? MESSAGES.selectConversationHint
                      : MESSAGES.messagesEmptyHint
                  }
                  className="py-16"
                />
              </div>
            )}
          </section>
        )}
      </div>
    </>
  );
}
