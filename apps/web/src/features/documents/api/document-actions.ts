import type { DocumentDetail, ReviewDocumentRequest } from '@sentinel/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentsQueryKey } from './get-documents';

const documentPath = (id: string) => `/api/document/${encodeURIComponent(id)}`;

interface DocumentAnswer {
  data: DocumentDetail;
}

/** GET /api/document/{id}/signedUrl?disposition=: a short-lived link to the file's bytes. */
export const getSignedUrl = (id: string, disposition: 'inline' | 'attachment') =>
  api.get<{ url: string; expiresAt: string }>(
    `${documentPath(id)}/signedUrl?${new URLSearchParams({ disposition }).toString()}`,
  );

/** DELETE /api/document/{id}. */
export const deleteDocument = (id: string) => api.delete<{ message?: string }>(documentPath(id));

/** POST /api/document/{id}/analyze: queues the analysis; the document comes back pending. */
export const analyzeDocument = (id: string) => api.post<DocumentAnswer>(`${documentPath(id)}/analyze`);

/** PATCH /api/document/{id}: a review of the analysis, or sharing with the case's client. */
export const reviewDocument = ({ id, body }: { id: string; body: ReviewDocumentRequest }) =>
  api.patch<DocumentAnswer>(documentPath(id), body);

/** Puts a changed document into every cached list at once, then reloads the lists. */
export function storeDocument(queryClient: QueryClient, document: DocumentDetail) {
  queryClient.setQueriesData<{ data: DocumentDetail[] }>({ queryKey: documentsQueryKey }, (old) =>
    old && Array.isArray(old.data)
      ? { ...old, data: old.data.map((item) => (item.id === document.id ? document : item)) }
      : old,
  );
  return queryClient.invalidateQueries({ queryKey: documentsQueryKey });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_answer, id) => {
      queryClient.setQueriesData<{ data: DocumentDetail[] }>({ queryKey: documentsQueryKey }, (old) =>
        old && Array.isArray(old.data) ? { ...old, data: old.data.filter((item) => item.id !== id) } : old,
      );
      return queryClient.invalidateQueries({ queryKey: documentsQueryKey });
    },
  });
}

export function useAnalyzeDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeDocument,
    onSuccess: (answer) => storeDocument(queryClient, answer.data),
  });
}

export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDocument,
    onSuccess: (answer) => storeDocument(queryClient, answer.data),
  });
}
