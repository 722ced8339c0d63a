import type { ExpertActionResponse, UpdateEngagementRequest } from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStoreExpert } from './store-expert';

const engagementPath = (id: string, caseId: string) =>
  `/api/experts/${encodeURIComponent(id)}/engagements/${encodeURIComponent(caseId)}`;

/** PATCH /api/experts/{id}/engagements/{caseId}: the report received, its due date, the scope. */
export const updateEngagement = ({
  id,
  caseId,
  body,
}: {
  id: string;
  caseId: string;
  body: UpdateEngagementRequest;
}) => api.patch<ExpertActionResponse>(engagementPath(id, caseId), body);

/** DELETE /api/experts/{id}/engagements/{caseId}: ends the engagement. */
export const endEngagement = ({ id, caseId }: { id: string; caseId: string }) =>
  api.delete<ExpertActionResponse>(engagementPath(id, caseId));

export function useUpdateEngagement() {
  const store = useStoreExpert();
  return useMutation({ mutationFn: updateEngagement, onSuccess: store });
}

export function useEndEngagement() {
  const store = useStoreExpert();
  return useMutation({ mutationFn: endEngagement, onSuccess: store });
}
