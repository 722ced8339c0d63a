import {
  MESSAGES_PAGE_SIZE,
  type ConversationDetailResponse,
  type ConversationsResponse,
  type ConversationSummary,
  type Message,
  type MessagesResponse,
  type SendMessageRequest,
} from '@sentinel/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * Conversations (issue 12), read by the messages screen, the sidebar's count, the client
 * dashboard's quick message and the case page's Messages action. The live channel's frames are
 * folded into this cache by `applyLiveMessage` and friends (see live-sync.ts).
 */

const conversationPath = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

/** GET /api/conversations[?caseId=]: newest activity first, with the unread total. */
export function getConversations(caseId?: string, signal?: AbortSignal) {
  const query = caseId ? `?${new URLSearchParams({ caseId }).toString()}` : '';
  return api.get<ConversationsResponse>(`/api/conversations${query}`, { signal });
}

export const conversationsQueryOptions = (caseId?: string) =>
  queryOptions({
    queryKey: queryKeys.conversations.list(caseId),
    queryFn: ({ signal }) => getConversations(caseId, signal),
  });

/** The conversations the person reads (of one case, with `caseId`). */
export const useConversations = (caseId?: string, enabled = true) =>
  useQuery({ ...conversationsQueryOptions(caseId), enabled });

/** The case thread, and for the case's team the team thread, of one case. */
export function caseThreads(conversations: readonly ConversationSummary[] | undefined) {
  return {
    caseThread: conversations?.find((c) => c.kind === 'case'),
    teamThread: conversations?.find((c) => c.kind === 'team'),
  };
}

/** How often the sidebar's count is asked again when the live channel is not there. */
export const UNREAD_POLL_MS = 60_000;

/** GET /api/conversations/unread: the sidebar's count. */
export const getUnreadMessages = (signal?: AbortSignal) =>
  api.get<{ unread: number }>('/api/conversations/unread', { signal });

export const useUnreadMessages = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.conversations.unread(),
    queryFn: ({ signal }) => getUnreadMessages(signal),
    select: (answer) => answer.unread,
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

/** GET /api/conversations/{id}: the conversation, its participants with their read marks. */
export const getConversation = (id: string, signal?: AbortSignal) =>
  api.get<ConversationDetailResponse>(conversationPath(id), { signal });

export const conversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.conversations.detail(id),
    queryFn: ({ signal }) => getConversation(id, signal),
  });

/** GET /api/conversations/{id}/messages?before=|after=: a page of 50, oldest first. */
export function getMessages(
  id: string,
  cursor: { before?: number; after?: number } = {},
  signal?: AbortSignal,
) {
  const query = new URLSearchParams();
  if (cursor.before !== undefined) query.set('before', String(cursor.before));
  if (cursor.after !== undefined) query.set('after', String(cursor.after));
  const suffix = query.size > 0 ? `?${query.toString()}` : '';
  return api.get<MessagesResponse>(`${conversationPath(id)}/messages${suffix}`, { signal });
}

/** A thread in the cache: pages[0] the newest messages, each further page older ones. */
export type MessagePages = InfiniteData<MessagesResponse, number | undefined>;

export const messagesQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.conversations.messages(id),
    queryFn: ({ pageParam, signal }) => getMessages(id, { before: pageParam }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.hasMore ? page.data[0]?.seq : undefined),
    // The live channel keeps a loaded thread current (and catches up after a reconnection).
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** POST /api/conversations/{id}/messages → 201 {message}. */
export const postMessage = (id: string, body: SendMessageRequest) =>
  api.post<{ message: Message }>(`${conversationPath(id)}/messages`, body);

// Merging --------------------------------------------------------------------------------------

/** A thread's messages oldest first. */
export const flattenMessages = (data: InfiniteData<MessagesResponse, unknown> | undefined): Message[] =>
  data ? [...data.pages].reverse().flatMap((page) => page.data) : [];

/** The newest seq a thread holds (0 for none). */
export const lastSeqOf = (data: InfiniteData<MessagesResponse, unknown> | undefined): number =>
  data?.pages[0]?.data.at(-1)?.seq ?? 0;

/** The latest change held (a new message, an edit or a deletion): where catching up starts. */
const lastChangeOf = (data: InfiniteData<MessagesResponse, unknown>): number =>
  Math.max(0, ...data.pages.flatMap((page) => page.data.map((message) => message.changeSeq)));

function insertSorted(list: Message[], message: Message): Message[] {
  const index = list.findIndex((item) => item.seq > message.seq);
  return index === -1 ? [...list, message] : [...list.slice(0, index), message, ...list.slice(index)];
}

/**
 * Folds messages into a thread: one already held (same id) is replaced — an edit or deletion —
 * and a new one goes into the page its seq belongs to, in order. A message older than every
 * loaded page while older pages remain is left for scrolling back. Never doubles a message.
 */
export function mergeMessages(data: MessagePages, incoming: readonly Message[]): MessagePages {
  let pages = data.pages;
  for (const message of incoming) {
    const held = pages.findIndex((page) => page.data.some((item) => item.id === message.id));
    if (held !== -1) {
      pages = pages.map((page, index) =>
        index === held
          ? { ...page, data: page.data.map((item) => (item.id === message.id ? message : item)) }
          : page,
      );
      continue;
    }
    if (pages.length === 0) {
      pages = [{ data: [message], hasMore: false }];
      continue;
    }
    let target = pages.findIndex((page) => (page.data[0]?.seq ?? -Infinity) <= message.seq);
    if (target === -1) {
      const last = pages[pages.length - 1]!;
      if (last.hasMore) continue;
      target = pages.length - 1;
    }
    pages = pages.map((page, index) =>
      index === target ? { ...page, data: insertSorted(page.data, message) } : page,
    );
  }
  return pages === data.pages ? data : { ...data, pages };
}

/** Puts messages into a thread's cache, if the thread is loaded. */
export function storeMessages(queryClient: QueryClient, conversationId: string, messages: Message[]) {
  queryClient.setQueryData<MessagePages>(queryKeys.conversations.messages(conversationId), (data) =>
    data ? mergeMessages(data, messages) : data,
  );
}

/** Moves a participant's read mark forward in a loaded conversation. */
export function storeReadMark(queryClient: QueryClient, conversationId: string, userId: string, seq: number) {
  queryClient.setQueryData<ConversationDetailResponse>(
    queryKeys.conversations.detail(conversationId),
    (detail) =>
      detail && {
        ...detail,
        participants: detail.participants.map((person) =>
          person.userId === userId && person.readSeq < seq ? { ...person, readSeq: seq } : person,
        ),
      },
  );
}

/** Most pages asked for when catching up one thread after a reconnection. */
const CATCH_UP_PAGES = 10;

/**
 * After a reconnection: every loaded thread asks for what changed after the last change it holds
 * (new messages, and edits and deletions of older ones) and merges it (nothing lost, nothing
 * doubled); a thread that missed more than ten pages starts again from its newest page.
 */
export async function catchUpThreads(queryClient: QueryClient): Promise<void> {
  const threads = queryClient.getQueriesData<MessagePages>({
    queryKey: queryKeys.conversations.messagesAll(),
  });
  await Promise.all(
    threads.map(async ([key, data]) => {
      const id = key[2];
      if (typeof id !== 'string' || !data) return;
      let after = lastChangeOf(data);
      for (let page = 0; page < CATCH_UP_PAGES; page += 1) {
        const answer = await getMessages(id, { after });
        storeMessages(queryClient, id, answer.data);
        const newest = answer.data.at(-1)?.changeSeq;
        if (answer.data.length < MESSAGES_PAGE_SIZE || newest === undefined) return;
        after = newest;
      }
      await queryClient.resetQueries({ queryKey: key, exact: true });
    }),
  );
}
