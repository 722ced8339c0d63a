import { MESSAGES, type ConversationSummary } from '@sentinel/shared';
import { clsx } from 'clsx';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadingState } from '@/components/ui/spinner';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNow } from '../hooks/use-now';
import { avatarName, conversationName, conversationRole } from '../utils/conversation';
import { formatMessageAge } from '../utils/relative-time';

export interface ConversationListProps {
  query: UseQueryResult<ConversationSummary[]>;
  selectedId: string | null;
  /** The link that opens a conversation (?conversation=id, the rest of the URL kept). */
  hrefOf: (id: string) => string;
  viewerId: string | undefined;
  /** Under the empty list's heading (phones, where the thread panel is not shown). */
  emptyHint?: string;
}

/**
 * The left panel (spec §2 Messages): each conversation with an initials avatar, its name (the
 * case, or the other person), who wrote last and when, a preview and a dot while unread. The
 * open conversation's dot is never shown: opening it reads it.
 */
export function ConversationList({ query, selectedId, hrefOf, viewerId, emptyHint }: ConversationListProps) {
  const now = useNow();
  if (query.isPending) return <LoadingState label={MESSAGES.loadingConversations} />;
  if (query.isError) {
    return (
      <div className="p-4">
        <LoadError
          error={query.error}
          fallback="Your conversations could not be loaded. Please try again."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={MessagesSquare}
        headingLevel="h3"
        title={MESSAGES.noConversationsYet}
        description={emptyHint}
      />
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {query.data.map((conversation) => {
        const selected = conversation.id === selectedId;
        const unread = selected ? 0 : conversation.unread;
        const last = conversation.lastMessage;
        const sender =
          last?.sender && (last.sender.userId === viewerId ? 'You' : last.sender.name.split(/\s+/)[0]);
        return (
          <li key={conversation.id}>
            <Link
              to={hrefOf(conversation.id)}
              aria-current={selected ? 'true' : undefined}
              className={clsx(
                'flex gap-3 px-4 py-3 text-left outline-offset-[-2px] hover:bg-slate-50',
                selected && 'bg-brand-50 hover:bg-brand-50',
              )}
            >
              <Avatar name={avatarName(conversation)} className="mt-0.5 size-10 text-sm" />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span
                    className={clsx(
                      'truncate text-sm text-slate-900',
                      unread > 0 ? 'font-semibold' : 'font-medium',
                    )}
                  >
                    {conversationName(conversation)}
                  </span>
                  {last && (
                    <time dateTime={last.createdAt} className="shrink-0 text-xs text-slate-600">
                      {formatMessageAge(last.createdAt, now)}
                    </time>
                  )}
                </span>
                <span className="block truncate text-xs text-slate-600">
                  {conversationRole(conversation)}
                </span>
                <span className="mt-1 flex items-center gap-2">
                  <span
                    className={clsx(
                      'min-w-0 flex-1 truncate text-sm',
                      unread > 0 ? 'text-slate-900' : 'text-slate-600',
                    )}
                  >
                    {last ? (
                      <>
                        {sender && <span className="font-medium">{sender}: </span>}
                        {last.preview || MESSAGES.messageDeleted}
                      </>
                    ) : (
                      'No messages yet'
                    )}
                  </span>
                  {unread > 0 && (
                    <>
                      <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full bg-brand-700" />
                      <span className="sr-only">, {unread} unread</span>
                    </>
                  )}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
