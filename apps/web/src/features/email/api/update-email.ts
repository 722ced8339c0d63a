import type { Email, EmailDetail, EmailStatus, InboxResponse } from '@sentinel/shared';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { InboxFilter } from './get-inbox';

export interface EmailChange {
  status?: EmailStatus;
  case_id?: string | null;
}

/** PATCH /api/emails/{id}: read state and case assignment persist on the server. */
export const updateEmail = (id: string, change: EmailChange) =>
  api.patch<{ data: Email }>(`/api/emails/${encodeURIComponent(id)}`, change);

type InboxPages = InfiniteData<InboxResponse, string | null>;

const unreadDelta = (before: EmailStatus, after: EmailStatus) =>
  before === after ? 0 : after === 'Unread' ? 1 : -1;

/**
 * Writes an e-mail into every cached inbox page and reader, so the list changes in place (no
 * refetch, no flash). The unread count of every inbox that holds the e-mail's provider follows.
 */
function patchCaches(queryClient: QueryClient, id: string, patch: (email: Email) => Email) {
  let delta = 0;
  let provider: Email['provider'] | undefined;
  for (const [, data] of queryClient.getQueriesData<InboxPages>({ queryKey: ['emails', 'inbox'] })) {
    const found = data?.pages.flatMap((page) => page.data).find((email) => email.id === id);
    if (found) {
      delta = unreadDelta(found.status, patch(found).status);
      provider = found.provider;
      break;
    }
  }
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['emails', 'inbox'] })) {
    const filter = query.queryKey[2] as InboxFilter | undefined;
    const counts = provider !== undefined && (filter?.provider === 'all' || filter?.provider === provider);
    queryClient.setQueryData<InboxPages>(query.queryKey, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              unreadCount: counts ? Math.max(0, page.unreadCount + delta) : page.unreadCount,
              data: page.data.map((email) => (email.id === id ? patch(email) : email)),
            })),
          }
        : data,
    );
  }
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['emails', 'detail', id] })) {
    queryClient.setQueryData<{ data: EmailDetail }>(query.queryKey, (answer) => {
      if (!answer) return answer;
      const { attachments, ...rest } = answer.data;
      const changed = patch({ ...rest, attachments: attachments.map((a) => a.name) });
      return {
        data: {
          ...answer.data,
          status: changed.status,
          case_id: changed.case_id,
          case: changed.case,
          suggestion: changed.suggestion,
        },
      };
    });
  }
}

/**
 * Changes an e-mail. A change of read state shows at once (and is undone when the server
 * refuses); a case assignment shows when the server has it (it answers the case's number).
 */
export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: EmailChange }) => updateEmail(id, change),
    onMutate: ({ id, change }) => {
      const before = change.status;
      if (before === undefined) return undefined;
      let previous: EmailStatus | undefined;
      patchCaches(queryClient, id, (email) => {
        previous ??= email.status;
        return { ...email, status: before };
      });
      return { previous };
    },
    onError: (_error, { id }, context) => {
      const previous = context?.previous;
      if (previous) patchCaches(queryClient, id, (email) => ({ ...email, status: previous }));
    },
    onSuccess: async ({ data }, { change }) => {
      patchCaches(queryClient, data.id, (email) => ({ ...email, ...data }));
      // Filtered lists (a case, unfiled, suggested) may now hold the e-mail or not: read again
      // when next shown, not now (the open list must not jump).
      if (change.case_id !== undefined) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.emails.all, refetchType: 'none' });
      }
    },
  });
}
