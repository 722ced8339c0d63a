import type { CaseResponse, UpdateCaseRequest } from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { useStoreCase } from '@/api/cases';
import { api } from '@/lib/api-client';

/** PATCH /api/cases/{id} (attorneys): only the fields that changed. */
export const updateCase = ({ id, body }: { id: string; body: UpdateCaseRequest }) =>
  api.patch<CaseResponse>(`/api/cases/${encodeURIComponent(id)}`, body);

export function useUpdateCase() {
  const store = useStoreCase();
  return useMutation({ mutationFn: updateCase, onSuccess: store });
}
