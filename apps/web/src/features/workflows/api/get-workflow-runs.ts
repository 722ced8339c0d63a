import type { WorkflowRunsResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { workflowKeys } from './get-workflows';

/** GET /api/workflows/{id}/runs: the newest runs, each with its actions' outcomes. */
export const getWorkflowRuns = (id: string, signal?: AbortSignal) =>
  api.get<WorkflowRunsResponse>(`/api/workflows/${encodeURIComponent(id)}/runs`, { signal });

export const workflowRunsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: workflowKeys.runs(id),
    queryFn: ({ signal }) => getWorkflowRuns(id, signal),
    select: (answer) => answer.data,
    // A run queued a moment ago finishes within seconds: the list follows it while one is open.
    refetchInterval: (query) =>
      query.state.data?.data.some((run) => run.status === 'queued' || run.status === 'running')
        ? 2000
        : false,
  });

export const useWorkflowRuns = (id: string) => useQuery(workflowRunsQueryOptions(id));
