import type { AddStageRequest, CaseTimelineResponse } from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStoreTimeline } from './store-timeline';

/** POST /api/cases/{id}/stages (attorneys): a stage of their own, after another or at the end. */
export const addStage = ({ caseId, body }: { caseId: string; body: AddStageRequest }) =>
  api.post<CaseTimelineResponse>(`/api/cases/${encodeURIComponent(caseId)}/stages`, body);

export function useAddStage() {
  const store = useStoreTimeline();
  return useMutation({ mutationFn: addStage, onSuccess: store });
}
