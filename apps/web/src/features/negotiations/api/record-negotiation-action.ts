import type { NegotiationResponse, RecordNegotiationActionRequest } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { negotiationQueryKey } from './get-negotiation';
import { invalidateAfterChange } from './keys';

/** POST /api/negotiations/{id}/actions: a demand, an offer, the settlement or a note. */
export const recordNegotiationAction = (id: string, body: RecordNegotiationActionRequest) =>
  api.post<NegotiationResponse>(`/api/negotiations/${encodeURIComponent(id)}/actions`, body);

export function useRecordNegotiationAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordNegotiationActionRequest) => recordNegotiationAction(id, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(negotiationQueryKey(id), answer);
      return invalidateAfterChange(queryClient);
    },
  });
}
