import type { CaseTimelineResponse, UpdateStageRequest } from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStoreTimeline } from './store-timeline';

/** PATCH /api/cases/{id}/stages/{stageId} (attorneys): rename, date, complete or reopen, move. */
export const updateStage = ({
  caseId,
  stageId,
  body,
}: {
  caseId: string;
  stageId: string;
  body: UpdateStageRequest;
}) =>
  api.patch<CaseTimelineResponse>(
    `/api/cases/${encodeURIComponent(caseId)}/stages/${encodeURIComponent(stageId)}`,
    body,
  );

export function useUpdateStage() {
  const store = useStoreTimeline();
  return useMutation({ mutationFn: updateStage, onSuccess: store });
}
