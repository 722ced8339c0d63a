import type { ClientActionResponse } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clientsQueryKey } from './get-clients';

/** POST /api/clients/{id}/deactivate: the client is signed out of the firm and loses access to it (their account is their own). */
export const deactivateClient = (id: string) =>
  api.post<ClientActionResponse>(`/api/clients/${encodeURIComponent(id)}/deactivate`);

export function useDeactivateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
}
