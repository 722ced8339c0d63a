import type { EngageExpertRequest, ExpertActionResponse } from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStoreExpert } from './store-expert';

/** POST /api/experts/{id}/engagements: engages the expert on a case (their user joins its team). */
export const engageExpert = ({ id, body }: { id: string; body: EngageExpertRequest }) =>
  api.post<ExpertActionResponse>(`/api/experts/${encodeURIComponent(id)}/engagements`, body);

export function useEngageExpert() {
  const store = useStoreExpert();
  return useMutation({ mutationFn: engageExpert, onSuccess: store });
}
