import type { DocumentDetail } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

interface DocumentListAnswer {
  data: DocumentDetail[];
}

/**
 * GET /api/document/{userId}/all?caseId=: the case's documents the user may see (a client: those
 * shared with them and their own). Under the documents feature's key and answer shape, so an
 * upload or a review anywhere refreshes the checklist; reloaded every 2 s while one is analysed.
 */
export const caseDocumentsQueryOptions = (userId: string, caseId: string) =>
  queryOptions({
    queryKey: ['documents', 'list', userId, { caseId }] as const,
    queryFn: ({ signal }) =>
      api.get<DocumentListAnswer>(
        `/api/document/${encodeURIComponent(userId)}/all?${new URLSearchParams({ caseId }).toString()}`,
        { signal },
      ),
    enabled: Boolean(userId && caseId),
    refetchInterval: (query) =>
      query.state.data?.data.some((document) => document.analysisStatus === 'pending') ? 2000 : false,
    select: (answer) => answer.data,
  });

export const useCaseDocuments = (userId: string, caseId: string) =>
  useQuery(caseDocumentsQueryOptions(userId, caseId));
