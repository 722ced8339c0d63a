import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateDocumentLists } from '@/api/documents';
import { api } from '@/lib/api-client';

/** DELETE /api/document/{id}. */
export const deleteDocument = (id: string) =>
  api.delete<{ message?: string }>(`/api/document/${encodeURIComponent(id)}`);

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_answer, id) =>
      updateDocumentLists(queryClient, (rows) => rows.filter((item) => item.id !== id)),
  });
}
