import type { DocumentDetail, ListDocumentsResponse } from '@sentinel/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, type DocumentFilter } from './query-keys';

/** How often a list is reloaded while one of its documents is being analysed. */
export const POLL_INTERVAL_MS = 2000;

/** GET /api/document/{userId}/all?analysisStatus=&caseId=&search=: the documents the user may see, newest first. */
export function getDocuments(userId: string, filter: DocumentFilter = {}, signal?: AbortSignal) {
  const query = new URLSearchParams();
  if (filter.analysisStatus) query.set('analysisStatus', filter.analysisStatus);
  if (filter.caseId) query.set('caseId', filter.caseId);
  if (filter.search) query.set('search', filter.search);
  const text = query.toString();
  const suffix = text ? `?${text}` : '';
  return api.get<ListDocumentsResponse>(`/api/document/${encodeURIComponent(userId)}/all${suffix}`, {
    signal,
  });
}

/**
 * Analysis is a background job: while a listed document is pending, reload the list every two
 * seconds so it turns into 'AI Analyzed' (or 'Analysis failed') without a reload; stop after.
 */
export const pollWhilePending = (answer: ListDocumentsResponse | undefined): number | false =>
  answer?.data.some((document) => document.analysisStatus === 'pending') ? POLL_INTERVAL_MS : false;

/** The documents the user may see, filtered; polled while one is being analysed. */
export const documentsQueryOptions = (userId: string, filter: DocumentFilter = {}) =>
  queryOptions({
    queryKey: queryKeys.documents.list(userId, filter),
    queryFn: ({ signal }) => getDocuments(userId, filter, signal),
    enabled: Boolean(userId),
    refetchInterval: (query) => pollWhilePending(query.state.data),
    select: (answer) => answer.data,
  });

/** Changes every cached documents list at once, then reloads them all. */
export function updateDocumentLists(
  queryClient: QueryClient,
  change: (rows: DocumentDetail[]) => DocumentDetail[],
) {
  queryClient.setQueriesData<ListDocumentsResponse>({ queryKey: queryKeys.documents.all }, (old) =>
    old && Array.isArray(old.data) ? { ...old, data: change(old.data) } : old,
  );
  return queryClient.invalidateQueries({ queryKey: queryKeys.documents.all });
}

/** Puts a changed document into every cached list, then reloads the lists. */
export const storeDocument = (queryClient: QueryClient, document: DocumentDetail) =>
  updateDocumentLists(queryClient, (rows) => rows.map((item) => (item.id === document.id ? document : item)));
