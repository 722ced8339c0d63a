import type { DocumentRequestsResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/cases/{id}/document-requests: the documents asked of the case's client (issue 13). */
export const getDocumentRequests = (caseId: string, signal?: AbortSignal) =>
  api.get<DocumentRequestsResponse>(`/api/cases/${encodeURIComponent(caseId)}/document-requests`, { signal });

export const documentRequestsQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: ['cases', 'detail', caseId, 'document-requests'],
    queryFn: ({ signal }) => getDocumentRequests(caseId, signal),
    select: (answer) => answer.data,
  });

export const useDocumentRequests = (caseId: string) =>
  useQuery({ ...documentRequestsQueryOptions(caseId), enabled: Boolean(caseId) });
