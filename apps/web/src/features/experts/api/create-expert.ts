import type { CreateExpertRequest, ExpertActionResponse } from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStoreExpert } from './store-expert';

/** POST /api/experts: 201 with the new profile. */
export const createExpert = (body: CreateExpertRequest) =>
  api.post<ExpertActionResponse>('/api/experts', body);

export function useCreateExpert() {
  const store = useStoreExpert();
  return useMutation({ mutationFn: createExpert, onSuccess: store });
}
