import type { AnalysisStatus, DocumentDetail, ListCasesResponse } from '@sentinel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { DocumentDetail };

/**
 * Every documents query starts with this key (the client dashboard's checklist reads its case's
 * documents under it too), so an upload, a review or a delete refreshes all of them.
 */
export const documentsQueryKey = ['documents'] as const;

export interface DocumentFilter {
  caseId?: string;
  search?: string;
  analysisStatus?: AnalysisStatus;
}

/** How often a list is reloaded while one of its documents is being analysed. */
export const POLL_INTERVAL_MS = 2000;

interface DocumentListAnswer {
  data: DocumentDetail[];
}

/** GET /api/document/{userId}/all?analysisStatus=&caseId=&search=: the documents the user may see, newest first. */
export function getDocuments(userId: string, filter: DocumentFilter = {}, signal?: AbortSignal) {
  const query = new URLSearchParams();
  if (filter.analysisStatus) query.set('analysisStatus', filter.analysisStatus);
  if (filter.caseId) query.set('caseId', filter.caseId);
  if (filter.search) query.set('search', filter.search);
  const text = query.toString();
  const suffix = text ? `?${text}` : '';
  return api.get<DocumentListAnswer>(`/api/document/${encodeURIComponent(userId)}/all${suffix}`, {
    signal,
  });
}

/**
 * Analysis is a background job: while a listed document is pending, reload the list every two
 * seconds so it turns into 'AI Analyzed' (or 'Analysis failed') without a reload; stop after.
 */
export const pollWhilePending = (answer: DocumentListAnswer | undefined): number | false =>
  answer?.data.some((document) => document.analysisStatus === 'pending') ? POLL_INTERVAL_MS : false;

export const documentsQueryOptions = (userId: string, filter: DocumentFilter = {}) =>
  queryOptions({
    queryKey: [...documentsQueryKey, 'list', userId, filter] as const,
    queryFn: ({ signal }) => getDocuments(userId, filter, signal),
    enabled: Boolean(userId),
    // Keep the rows on screen while another search loads.
    placeholderData: keepPreviousData,
    refetchInterval: (query) => pollWhilePending(query.state.data),
    select: (answer) => answer.data,
  });

export const useDocuments = (userId: string, filter: DocumentFilter = {}) =>
  useQuery(documentsQueryOptions(userId, filter));

/**
 * GET /api/cases?pageSize=all: the cases the user may see, for the upload's case select. Same key
 * and answer as the dashboard's list of the user's cases, so they share one cache entry.
 */
export const caseOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['cases', { pageSize: 'all' }] as const,
    queryFn: ({ signal }) => api.get<ListCasesResponse>('/api/cases?pageSize=all', { signal }),
    select: (answer) =>
      answer.data.map((item) => ({ id: item.id, label: `${item.caseNumber} · ${item.title}` })),
  });

export const useCaseOptions = (enabled = true) => useQuery({ ...caseOptionsQueryOptions(), enabled });
