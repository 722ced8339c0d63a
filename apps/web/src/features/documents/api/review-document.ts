import type { DocumentDetail, ReviewDocumentRequest } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeDocument } from '@/api/documents';
import { api } from '@/lib/api-client';

/** PATCH /api/document/{id}: a review of the analysis, or sharing with the case's client. */
export const reviewDocument = ({ id, body }: { id: string; body: ReviewDocumentRequest }) =>
  api.patch<{ data: DocumentDetail }>(`/api/document/${encodeURIComponent(id)}`, body);

export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDocument,
    onSuccess: (answer) => storeDocument(queryClient, answer.data),
  });
}
