import type { SendMessageRequest } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postMessage, storeMessages } from '@/api/conversations';
import { queryKeys } from '@/api/query-keys';

/**
 * Sends a message into a conversation: the answer goes into the thread at once (the live channel
 * brings the same message again; it replaces it by id), and the lists are read again.
 */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageRequest) => postMessage(conversationId, body),
    onSuccess: ({ message }) => {
      storeMessages(queryClient, conversationId, [message]);
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.lists() });
    },
  });
}
