import type { ClientActionResponse } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clientsQueryKey } from './get-clients';

/** POST /api/clients/{id}/invitation: a new temporary password, e-mailed again. */
export const resendInvitation = (id: string) =>
  api.post<ClientActionResponse>(`/api/clients/${encodeURIComponent(id)}/invitation`);

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
}
