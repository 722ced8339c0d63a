import type { NegotiationResponse, UpdateNegotiationRequest } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { negotiationQueryKey } from './get-negotiation';
import { invalidateAfterChange } from './keys';

/** PATCH /api/negotiations/{id}: carrier, claim number, target, or the suggested target accepted. */
export const updateNegotiation = (id: string, body: UpdateNegotiationRequest) =>
  api.patch<NegotiationResponse>(`/api/negotiations/${encodeURIComponent(id)}`, body);

export function useUpdateNegotiation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNegotiationRequest) => updateNegotiation(id, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(negotiationQueryKey(id), answer);
      return invalidateAfterChange(queryClient);
    },
  });
}
