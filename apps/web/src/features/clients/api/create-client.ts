import { MESSAGES, type CreateClientRequest, type CreateClientResponse } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clientsQueryKey } from './get-clients';

/**
 * POST /api/client/new: 201 with {message, data}; 409 when the e-mail has an account already; any
 * other success status is 'Unexpected response' (spec §8).
 */
export const createClient = (body: CreateClientRequest) =>
  api.post<CreateClientResponse>('/api/client/new', body, {
    expectStatus: { status: 201, unexpectedMessage: MESSAGES.clientCreateUnexpected },
  });

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
}
