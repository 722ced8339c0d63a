import type { CaseFieldSuggestionsResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/**
 * Under the case's own prefix: a change to the case (the form, a used suggestion) refetches it,
 * as `useStoreCase` refreshes every case query but the page's own.
 */
export const caseFieldSuggestionsKey = (caseId: string) =>
  [...queryKeys.cases.all, 'field-suggestions', caseId] as const;

/** GET /api/cases/{id}/field-suggestions (attorneys): values the case's documents give its empty fields. */
export const getCaseFieldSuggestions = (caseId: string, signal?: AbortSignal) =>
  api.get<CaseFieldSuggestionsResponse>(`/api/cases/${encodeURIComponent(caseId)}/field-suggestions`, {
    signal,
  });

export const caseFieldSuggestionsQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: caseFieldSuggestionsKey(caseId),
    queryFn: ({ signal }) => getCaseFieldSuggestions(caseId, signal),
    select: (answer) => answer.data,
  });

export const useCaseFieldSuggestions = (caseId: string) => useQuery(caseFieldSuggestionsQueryOptions(caseId));
