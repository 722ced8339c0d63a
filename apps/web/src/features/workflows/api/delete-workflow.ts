import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { workflowKeys } from './get-workflows';

/** DELETE /api/workflows/{id}: the workflow and its run history. */
export const deleteWorkflow = (id: string) =>
  api.delete<{ message: string }>(`/api/workflows/${encodeURIComponent(id)}`);

export function useDeleteWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkflow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
