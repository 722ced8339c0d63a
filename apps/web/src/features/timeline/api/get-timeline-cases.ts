import type { TimelineCasesResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { timelineKeys } from '@/api/timeline';
import { api } from '@/lib/api-client';

/** GET /api/timeline: the cases the user may see, most recently active first, each with its progress. */
export const getTimelineCases = (signal?: AbortSignal) =>
  api.get<TimelineCasesResponse>('/api/timeline', { signal });

export const timelineCasesQueryOptions = () =>
  queryOptions({
    queryKey: timelineKeys.cases(),
    queryFn: ({ signal }) => getTimelineCases(signal),
    select: (answer) => answer.data,
  });

export const useTimelineCases = () => useQuery(timelineCasesQueryOptions());
