import type { ConversationPerson } from '@sentinel/shared';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/** GET /api/conversations/people: whom an attorney may write to (the firm's people and clients). */
export const getMessagePeople = (signal?: AbortSignal) =>
  api.get<{ data: ConversationPerson[] }>('/api/conversations/people', { signal });

export const useMessagePeople = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.conversations.people(),
    queryFn: ({ signal }) => getMessagePeople(signal),
    select: (answer) => answer.data,
    enabled,
  });
