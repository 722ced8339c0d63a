import type { CaseTimelineResponse } from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStoreTimeline } from './store-timeline';

/** DELETE /api/cases/{id}/stages/{stageId} (attorneys): a stage they added. */
export const removeStage = ({ caseId, stageId }: { caseId: string; stageId: string }) =>
  api.delete<CaseTimelineResponse>(
    `/api/cases/${encodeURIComponent(caseId)}/stages/${encodeURIComponent(stageId)}`,
  );

export function useRemoveStage() {
  const store = useStoreTimeline();
  return useMutation({ mutationFn: removeStage, onSuccess: store });
}
