import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { expertQueryKey } from './get-expert';
import { expertsQueryKey } from './get-experts';

/** DELETE /api/experts/{id}: refused (409) while the expert is engaged on a case. */
export const deleteExpert = (id: string) =>
  api.delete<{ message: string }>(`/api/experts/${encodeURIComponent(id)}`);

export function useDeleteExpert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpert,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: expertQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: [...expertsQueryKey, 'list'] });
    },
  });
}
