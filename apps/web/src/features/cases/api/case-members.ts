import type { AddCaseMemberRequest, CaseResponse } from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStoreCase } from './save-case';

type MemberResponse = CaseResponse & { message: string };

/** POST /api/cases/{id}/members: someone of the firm by id, or a new person invited by e-mail. */
export const addCaseMember = ({ caseId, body }: { caseId: string; body: AddCaseMemberRequest }) =>
  api.post<MemberResponse>(`/api/cases/${encodeURIComponent(caseId)}/members`, body);

/** DELETE /api/cases/{id}/members with {userId}. */
export const removeCaseMember = ({ caseId, userId }: { caseId: string; userId: string }) =>
  api.delete<MemberResponse>(`/api/cases/${encodeURIComponent(caseId)}/members`, { body: { userId } });

export function useAddCaseMember() {
  const store = useStoreCase();
  return useMutation({ mutationFn: addCaseMember, onSuccess: store });
}

export function useRemoveCaseMember() {
  const store = useStoreCase();
  return useMutation({ mutationFn: removeCaseMember, onSuccess: store });
}
