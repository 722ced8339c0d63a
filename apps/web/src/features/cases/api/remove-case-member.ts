import type { CaseResponse } from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { useStoreCase } from '@/api/cases';
import { api } from '@/lib/api-client';

/** DELETE /api/cases/{id}/members with {userId}. */
export const removeCaseMember = ({ caseId, userId }: { caseId: string; userId: string }) =>
  api.delete<CaseResponse & { message: string }>(`/api/cases/${encodeURIComponent(caseId)}/members`, {
    body: { userId },
  });

export function useRemoveCaseMember() {
  const store = useStoreCase();
  return useMutation({ mutationFn: removeCaseMember, onSuccess: store });
}
