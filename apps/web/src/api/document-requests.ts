import type {
  CreateDocumentRequestRequest,
  DocumentRequestResponse,
  DocumentRequestsResponse,
  UpdateDocumentRequestRequest,
} from '@sentinel/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * The documents asked of a case's client (issue 13: a workflow's action or an attorney's request),
 * read by the client's checklist and the case page's Documents tab. Under the case's keys, so a
 * change of the case refetches them too.
 */
const requestsKey = (caseId: string) =>
  [...queryKeys.cases.all, 'detail', caseId, 'document-requests'] as const;
const requestsUrl = (caseId: string) => `/api/cases/${encodeURIComponent(caseId)}/document-requests`;

/** GET /api/cases/{id}/document-requests (whoever may see the case). */
export const documentRequestsQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: requestsKey(caseId),
    queryFn: ({ signal }) => api.get<DocumentRequestsResponse>(requestsUrl(caseId), { signal }),
    select: (answer) => answer.data,
  });

export const useDocumentRequests = (caseId: string) =>
  useQuery({ ...documentRequestsQueryOptions(caseId), enabled: Boolean(caseId) });

/** POST /api/cases/{id}/document-requests (attorneys): ask the client for a document. */
export function useRequestDocument(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDocumentRequestRequest) =>
      api.post<DocumentRequestResponse>(requestsUrl(caseId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsKey(caseId) }),
  });
}

/** PATCH /api/cases/{id}/document-requests/{requestId} (attorneys): received, reopened or withdrawn. */
export function useUpdateDocumentRequest(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, body }: { requestId: string; body: UpdateDocumentRequestRequest }) =>
      api.patch<DocumentRequestResponse>(`${requestsUrl(caseId)}/${encodeURIComponent(requestId)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsKey(caseId) }),
  });
}
