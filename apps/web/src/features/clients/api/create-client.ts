import type { CreateClientRequest, CreateClientResponse } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clientsQueryKey } from './get-clients';

/** POST /api/client/new: 201 with {message, data}; 409 when the e-mail has an account already. */
export const createClient = (body: CreateClientRequest) =>
  api.post<CreateClientResponse>('/api/client/new', body);

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
}
