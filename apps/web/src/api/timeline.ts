import type { CaseTimelineResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * Case Timeline & Progress (issue 12), read by the timeline screen, the case page's Timeline tab and
 * the client dashboard's progress. The keys sit under `queryKeys.cases.all`, so every change of a
 * case (its status moves the stages) refetches them with the rest of the case's queries.
 */
export const timelineKeys = {
  all: [...queryKeys.cases.all, 'timeline'] as const,
  /** GET /api/timeline: the cases to choose from, each with its progress. */
  cases: () => [...queryKeys.cases.all, 'timeline', 'cases'] as const,
  /** GET /api/cases/{id}/timeline. */
  ofCase: (caseId: string) => [...queryKeys.cases.all, 'timeline', 'case', caseId] as const,
};

/** GET /api/cases/{id}/timeline: stages, stats and items (404 when the case is not the user's). */
export const getCaseTimeline = (caseId: string, signal?: AbortSignal) =>
  api.get<CaseTimelineResponse>(`/api/cases/${encodeURIComponent(caseId)}/timeline`, { signal });

export const caseTimelineQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: timelineKeys.ofCase(caseId),
    queryFn: ({ signal }) => getCaseTimeline(caseId, signal),
  });

/** One case's timeline; waits while `caseId` is not known yet. */
export const useCaseTimeline = (caseId: string | undefined) =>
  useQuery({ ...caseTimelineQueryOptions(caseId ?? ''), enabled: Boolean(caseId) });
