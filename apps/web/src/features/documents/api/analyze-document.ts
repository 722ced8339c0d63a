import type { DocumentDetail } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeDocument } from '@/api/documents';
import { api } from '@/lib/api-client';

/** POST /api/document/{id}/analyze: queues the analysis; the document comes back pending. */
export const analyzeDocument = (id: string) =>
  api.post<{ data: DocumentDetail }>(`/api/document/${encodeURIComponent(id)}/analyze`);

export function useAnalyzeDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeDocument,
    onSuccess: (answer) => storeDocument(queryClient, answer.data),
  });
}
