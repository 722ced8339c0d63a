import type { Message } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeMessages } from '@/api/conversations';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

const messagePath = (conversationId: string, messageId: string) =>
  `/api/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}`;

/** PATCH /api/conversations/{id}/messages/{messageId} {body}: the sender, within 5 minutes. */
export const editMessage = (conversationId: string, messageId: string, body: string) =>
  api.patch<{ message: Message }>(messagePath(conversationId, messageId), { body });

/** DELETE /api/conversations/{id}/messages/{messageId}: the sender; the message stays, emptied. */
export const deleteMessage = (conversationId: string, messageId: string) =>
  api.delete<{ message: Message }>(messagePath(conversationId, messageId));

/** Edits and deletes one's own messages; the answer replaces the message in the thread. */
export function useChangeMessage(conversationId: string) {
  const queryClient = useQueryClient();
  const onSuccess = ({ message }: { message: Message }) => {
    storeMessages(queryClient, conversationId, [message]);
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.lists() });
  };
  const edit = useMutation({
    mutationFn: ({ messageId, body }: { messageId: string; body: string }) =>
      editMessage(conversationId, messageId, body),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (messageId: string) => deleteMessage(conversationId, messageId),
    onSuccess,
  });
  return { edit, remove };
}
