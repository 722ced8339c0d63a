import type { RemoveFirmMemberResponse } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/**
 * DELETE /api/firm/members/{userId} (attorneys): the person loses the firm's cases at once. 400 for
 * oneself (they leave instead), 409 for the firm's last attorney.
 */
export const removeFirmMember = (userId: string) =>
  api.delete<RemoveFirmMemberResponse>(`/api/firm/members/${encodeURIComponent(userId)}`);

export function useRemoveFirmMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFirmMember,
    onSuccess: async (answer) => {
      queryClient.setQueryData(queryKeys.firm.members(), { data: answer.data });
      // The case forms' people (['firm','people']) and the cases they were on change too.
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: queryKeys.firm.all,
          predicate: (query) => query.queryKey[1] !== 'members',
        }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cases.all }),
      ]);
    },
  });
}
