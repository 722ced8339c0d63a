import type { ExpertActionResponse, UpdateExpertRequest } from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStoreExpert } from './store-expert';

/** PATCH /api/experts/{id}. */
export const updateExpert = ({ id, body }: { id: string; body: UpdateExpertRequest }) =>
  api.patch<ExpertActionResponse>(`/api/experts/${encodeURIComponent(id)}`, body);

export function useUpdateExpert() {
  const store = useStoreExpert();
  return useMutation({ mutationFn: updateExpert, onSuccess: store });
}
