import type { WorkflowsResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The workflows screen's keys: the list with its stat cards, and each workflow's runs. */
export const workflowKeys = {
  all: ['workflows'] as const,
  list: () => ['workflows', 'list'] as const,
  runs: (id: string) => ['workflows', 'runs', id] as const,
};

/** GET /api/workflows (attorneys): the firm's workflows and the four stat cards. */
export const getWorkflows = (signal?: AbortSignal) =>
  api.get<WorkflowsResponse>('/api/workflows', { signal });

export const workflowsQueryOptions = () =>
  queryOptions({ queryKey: workflowKeys.list(), queryFn: ({ signal }) => getWorkflows(signal) });

export const useWorkflows = () => useQuery(workflowsQueryOptions());
