import type { NegotiationResponse, StartNegotiationRequest } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterChange } from './keys';

/** POST /api/negotiations: opens the case's negotiation (201 with it). */
export const startNegotiation = (body: StartNegotiationRequest) =>
  api.post<NegotiationResponse>('/api/negotiations', body);

export function useStartNegotiation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startNegotiation,
    onSuccess: () => invalidateAfterChange(queryClient),
  });
}
