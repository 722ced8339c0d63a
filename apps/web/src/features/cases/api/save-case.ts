import type { CaseResponse, CreateCaseRequest, UpdateCaseRequest } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { caseQueryKey } from './get-case';
import { casesQueryKey } from './get-cases';

/** POST /api/cases (attorneys): 201 with the new case. */
export const createCase = (body: CreateCaseRequest) => api.post<CaseResponse>('/api/cases', body);

/** PATCH /api/cases/{id} (attorneys): only the fields that changed. */
export const updateCase = ({ id, body }: { id: string; body: UpdateCaseRequest }) =>
  api.patch<CaseResponse>(`/api/cases/${encodeURIComponent(id)}`, body);

/** After a change: the answer is the case page's data; every list of cases is refetched. */
function useStoreCase() {
  const queryClient = useQueryClient();
  return (answer: CaseResponse) => {
    queryClient.setQueryData(caseQueryKey(answer.data.id), answer);
    return queryClient.invalidateQueries({
      queryKey: casesQueryKey,
      predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== answer.data.id,
    });
  };
}

export function useCreateCase() {
  const store = useStoreCase();
  return useMutation({ mutationFn: createCase, onSuccess: store });
}

export function useUpdateCase() {
  const store = useStoreCase();
  return useMutation({ mutationFn: updateCase, onSuccess: store });
}

export { useStoreCase };
