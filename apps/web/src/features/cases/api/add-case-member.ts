import type { AddCaseMemberRequest, CaseResponse } from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { useStoreCase } from '@/api/cases';
import { api } from '@/lib/api-client';

/** POST /api/cases/{id}/members: someone of the firm by id, or a new person invited by e-mail. */
export const addCaseMember = ({ caseId, body }: { caseId: string; body: AddCaseMemberRequest }) =>
  api.post<CaseResponse & { message: string }>(`/api/cases/${encodeURIComponent(caseId)}/members`, body);

export function useAddCaseMember() {
  const store = useStoreCase();
  return useMutation({ mutationFn: addCaseMember, onSuccess: store });
}
