import type { WorkflowResponse } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { workflowKeys } from './get-workflows';

/** POST /api/workflows/{id}/pause or …/resume (resuming clears an error). */
export const setWorkflowStatus = ({ id, to }: { id: string; to: 'pause' | 'resume' }) =>
  api.post<WorkflowResponse>(`/api/workflows/${encodeURIComponent(id)}/${to}`, {});

export function useSetWorkflowStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWorkflowStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
