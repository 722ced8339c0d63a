import type { ConversationSummary } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/** POST /api/conversations/direct {userId}: the direct conversation with them (made the first time). */
export const startDirectConversation = (userId: string) =>
  api.post<{ conversation: ConversationSummary }>('/api/conversations/direct', { userId });

export function useStartDirectConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDirectConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.conversations.lists() }),
  });
}
