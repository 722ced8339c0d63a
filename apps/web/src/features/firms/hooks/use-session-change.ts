import type { SessionChangeResponse } from '@sentinel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '@/api/query-keys';
import { homePathFor } from '@/config/paths';
import { getStoredFirmId, saveSession } from '@/lib/session-store';

/**
 * Applies the answer of everything that changes the session's firm (switch, accept, decline,
 * leave): the new token and user are stored. When the session now acts in another firm (or in
 * none), every cached answer belongs to the old firm: the query cache is emptied, so no screen
 * can show the old firm's data under the new firm's token, and the person goes to the home of
 * their type there. When the firm is the same (an invitation of another firm accepted or
 * declined, another firm left), they stay where they are.
 *
 * Resolves to whether the firm changed.
 */
export function useApplySessionChange(): (answer: SessionChangeResponse) => Promise<boolean> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (answer: SessionChangeResponse) => {
      const firmChanged = getStoredFirmId() !== (answer.user.firm?.id ?? null);
      if (firmChanged) {
        await queryClient.cancelQueries();
        queryClient.clear();
      }
      // Before the session changes, so a screen that remounts for the new firm finds them.
      queryClient.setQueryData(queryKeys.memberships.all, { data: answer.memberships });
      saveSession(answer.token, answer.user);
      if (firmChanged) await navigate(homePathFor(answer.user.userType));
      return firmChanged;
    },
    [queryClient, navigate],
  );
}
