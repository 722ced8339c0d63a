import type { CaseResponse, CreateCaseRequest } from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { useStoreCase } from '@/api/cases';
import { api } from '@/lib/api-client';

/** POST /api/cases (attorneys): 201 with the new case. */
export const createCase = (body: CreateCaseRequest) => api.post<CaseResponse>('/api/cases', body);

export function useCreateCase() {
  const store = useStoreCase();
  return useMutation({ mutationFn: createCase, onSuccess: store });
}
