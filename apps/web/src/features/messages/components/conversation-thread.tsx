import { MESSAGES, type ConversationDetailResponse, type Message } from '@sentinel/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowLeft, MessageSquare } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { conversationQueryOptions, flattenMessages, messagesQueryOptions } from '@/api/conversations';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { casePath } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useChangeMessage } from '../api/change-message';
import { useMarkConversationRead } from '../api/mark-read';
import { useSendMessage } from '../api/send-message';
import { useNow } from '../hooks/use-now';
import { conversationName, conversationRole, personLabel, seenBy, seenByText } from '../utils/conversation';
import { Composer } from './composer';
import { MessageItem } from './message-item';

export interface ConversationThreadProps {
  conversationId: string;
  viewerId: string | undefined;
  /** Phones: the way back to the list. */
  backHref?: string;
}

/** How close to the bottom (px) still counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 120;

/**
 * The right panel: who the conversation is with (the case and its people, or the other person
 * and their role), the thread with read marks, older messages on request, and the box to write.
 * Opening it, and each new message while it is open and the tab visible, marks it read.
 */
export function ConversationThread({ conversationId, viewerId, backHref }: ConversationThreadProps) {
  const detail = useQuery(conversationQueryOptions(conversationId));
  const messages = useInfiniteQuery(messagesQueryOptions(conversationId));

  const back = backHref && (
    <Link
      to={backHref}
      className="inline-flex items-center gap-1.5 rounded-md px-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to conversations
    </Link>
  );

  if (detail.isPending || messages.isPending) {
    return (
      <div className="p-4">
        {back}
        <LoadingState label="Loading messages..." />
      </div>
    );
  }
  if (detail.isError || messages.isError) {
    const error = detail.error ?? messages.error;
    const missing = isApiError(error) && [400, 403, 404].includes(error.status);
    return (
      <div className="space-y-4 p-4">
        {back}
        {missing ? (
          <EmptyState
            icon={MessageSquare}
            title="Conversation not found"
            description="This conversation does not exist or you do not have access to it."
          />
        ) : (
          <LoadError
            error={error}
            fallback="This conversation could not be loaded. Please try again."
            onRetry={() => {
              void detail.refetch();
              void messages.refetch();
            }}
            retrying={detail.isFetching || messages.isFetching}
          />
        )}
      </div>
    );
  }
  return (
    <LoadedThread
      detail={detail.data}
      messages={flattenMessages(messages.data)}
      hasOlder={messages.hasNextPage}
      loadingOlder={messages.isFetchingNextPage}
      loadOlder={() => void messages.fetchNextPage()}
      viewerId={viewerId}
      back={back}
    />
  );
}

interface LoadedThreadProps {
  detail: ConversationDetailResponse;
  messages: Message[];
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  viewerId: string | undefined;
  back: ReactNode;
}

function LoadedThread({
  detail,
  messages,
  hasOlder,
  loadingOlder,
  loadOlder,
  viewerId,
  back,
}: LoadedThreadProps) {
  const { conversation, participants, canWrite } = detail;
  const now = useNow();
  const send = useSendMessage(conversation.id);
  const { edit, remove } = useChangeMessage(conversation.id);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const name = conversationName(conversation);
  const marks = useMemo(() => seenBy(messages, participants, viewerId), [messages, participants, viewerId]);
  useMarkReadWhileOpen(conversation.id, messages, participants, viewerId);
  const scroller = useThreadScroll(messages, viewerId);

  const others = participants.filter((person) => person.userId !== viewerId);
  const counterpart = conversation.counterpart;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex items-start gap-3 border-b border-slate-200 px-4 py-3">
        <div className="min-w-0 flex-1">
          {back && <div className="mb-2">{back}</div>}
          <div className="flex items-center gap-3">
            <Avatar name={counterpart?.name ?? conversation.title} className="size-10 text-sm" />
            <div className="min-w-0">
              <h2 className="truncate text-base font-semibold text-slate-900">{name}</h2>
              <p className="text-sm text-slate-600">
                {conversationRole(conversation)}
                {conversation.case && (
                  <>
                    {' · '}
                    <Link
                      to={casePath(conversation.case.id)}
                      className="font-medium text-brand-700 hover:text-brand-800 hover:underline"
                    >
                      Open case
                    </Link>
                  </>
                )}
              </p>
            </div>
          </div>
          {conversation.kind !== 'direct' && others.length > 0 && (
            <p className="mt-2 text-xs text-slate-600">
              <span className="font-medium text-slate-700">With: </span>
              {others.map(personLabel).join(', ')}
            </p>
          )}
        </div>
      </header>

      <div ref={scroller.ref} className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        {hasOlder && (
          <div className="mb-4 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              isLoading={loadingOlder}
              onClick={() => {
                scroller.keepPosition();
                loadOlder();
              }}
            >
              Load older messages
            </Button>
          </div>
        )}
        {messages.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-600">
            No messages yet. {canWrite ? 'Write the first one below.' : ''}
          </p>
        ) : (
          <div role="log" aria-label={`Messages with ${name}`}>
            <ol className="space-y-3">
              {messages.map((message) => {
                const names = marks.get(message.id);
                return (
                  <MessageItem
                    key={message.id}
                    message={message}
                    viewerId={viewerId}
                    now={now}
                    seenBy={names ? seenByText(names) : undefined}
                    savingEdit={edit.isPending && edit.variables?.messageId === message.id}
                    onEdit={(target, body) =>
                      edit.mutateAsync({ messageId: target.id, body }).catch((error: unknown) => {
                        toast.error(
                          errorMessage(error, 'The message could not be changed. Please try again.'),
                        );
                        throw error;
                      })
                    }
                    onDelete={(target) => {
                      remove.reset();
                      setDeleting(target);
                    }}
                  />
                );
              })}
            </ol>
          </div>
        )}
        {loadingOlder && <Spinner className="sr-only" />}
      </div>

      {canWrite ? (
        <Composer
          label={`Message to ${name}`}
          sending={send.isPending}
          onSend={async (body) => {
            try {
              await send.mutateAsync({ body });
              scroller.toBottom();
              return true;
            } catch (error) {
              toast.error(errorMessage(error, 'The message could not be sent. Please try again.'));
              return false;
            }
          }}
        />
      ) : (
        <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
          You can read this conversation but not write in it.
        </p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this message?"
        message={`Everyone in the conversation will see “${MESSAGES.messageDeleted}” instead.`}
        confirmLabel="Delete"
        variant="danger"
        isPending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'The message could not be deleted.') : null}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </div>
  );
}

/**
 * Marks the conversation read up to its newest message when someone else's message is newer than
 * the viewer's read mark, now and whenever the tab becomes visible again.
 */
function useMarkReadWhileOpen(
  conversationId: string,
  messages: Message[],
  participants: ConversationDetailResponse['participants'],
  viewerId: string | undefined,
) {
  const markRead = useMarkConversationRead(conversationId, viewerId);
  const marked = useRef(0);
  const readSeq = participants.find((person) => person.userId === viewerId)?.readSeq ?? 0;
  const newest = messages.at(-1)?.seq ?? 0;
  const newestFromOthers = messages.findLast((message) => message.sender?.userId !== viewerId)?.seq ?? 0;
  const { mutate } = markRead;

  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'hidden') return;
      if (newestFromOthers <= Math.max(readSeq, marked.current)) return;
      marked.current = newest;
      mutate(newest);
    };
    check();
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [newest, newestFromOthers, readSeq, mutate]);
}

/**
 * Keeps the thread scrolled: at the newest message when it opens, and when a message arrives
 * while the reader is at the bottom (or sent it); in place when older messages are added above.
 */
function useThreadScroll(messages: Message[], viewerId: string | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const first = messages[0]?.id;
  const last = messages.at(-1);
  const previous = useRef<{ first?: string; last?: string; height: number; nearBottom: boolean } | null>(
    null,
  );
  const anchor = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const before = previous.current;
    if (!before) {
      element.scrollTop = element.scrollHeight;
    } else if (anchor.current !== null && first !== before.first) {
      // Older messages above: keep what was on screen where it was.
      element.scrollTop += element.scrollHeight - anchor.current;
      anchor.current = null;
    } else if (last?.id !== before.last && (before.nearBottom || last?.sender?.userId === viewerId)) {
      element.scrollTop = element.scrollHeight;
    }
    previous.current = {
      first,
      last: last?.id,
      height: element.scrollHeight,
      nearBottom: element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX,
    };
  }, [first, last, viewerId]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onScroll = () => {
      if (previous.current)
        previous.current.nearBottom =
          element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, []);

  return {
    ref,
    keepPosition: () => {
      anchor.current = ref.current?.scrollHeight ?? null;
    },
    toBottom: () => {
      const element = ref.current;
      if (element) element.scrollTop = element.scrollHeight;
    },
  };
}
