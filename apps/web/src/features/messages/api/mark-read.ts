import type { ConversationsResponse } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeReadMark } from '@/api/conversations';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/** POST /api/conversations/{id}/read {seq} (204): read up to seq. */
export const markConversationRead = (conversationId: string, seq: number) =>
  api.post<undefined>(`/api/conversations/${encodeURIComponent(conversationId)}/read`, { seq });

/**
 * Marks a conversation read: its dot and its share of the sidebar's count go at once, then the
 * server's figures are read again.
 */
export function useMarkConversationRead(conversationId: string, viewerId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seq: number) => markConversationRead(conversationId, seq),
    onMutate: (seq) => {
      let cleared = 0;
      for (const [key, answer] of queryClient.getQueriesData<ConversationsResponse>({
        queryKey: queryKeys.conversations.lists(),
      })) {
        const item = answer?.data.find((c) => c.id === conversationId);
        if (!answer || !item || item.unread === 0) continue;
        cleared = Math.max(cleared, item.unread);
        queryClient.setQueryData<ConversationsResponse>(key, {
          data: answer.data.map((c) => (c.id === conversationId ? { ...c, unread: 0 } : c)),
          unread: Math.max(0, answer.unread - item.unread),
        });
      }
      if (cleared > 0) {
        queryClient.setQueryData<{ unread: number }>(queryKeys.conversations.unread(), (answer) =>
          answer ? { unread: Math.max(0, answer.unread - cleared) } : answer,
        );
      }
      if (viewerId) storeReadMark(queryClient, conversationId, viewerId, seq);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.lists() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.unread() });
    },
  });
}
