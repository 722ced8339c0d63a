import type { CreateWorkflowRequest, UpdateWorkflowRequest, WorkflowResponse } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { workflowKeys } from './get-workflows';

/** POST /api/workflows: a new workflow (from a template or not). */
export const createWorkflow = (body: CreateWorkflowRequest) =>
  api.post<WorkflowResponse>('/api/workflows', body);

/** PATCH /api/workflows/{id}: its name, category, trigger, conditions or actions. */
export const updateWorkflow = ({ id, body }: { id: string; body: UpdateWorkflowRequest }) =>
  api.patch<WorkflowResponse>(`/api/workflows/${encodeURIComponent(id)}`, body);

export function useCreateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkflow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}

export function useUpdateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkflow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
