import type { CaseTimelineResponse } from '@sentinel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { timelineKeys } from '@/api/timeline';

/**
 * After a change of stages: the answer is the case's timeline; the chooser's progress and the case
 * lists (the case's last activity moved) are refetched.
 */
export function useStoreTimeline() {
  const queryClient = useQueryClient();
  return (answer: CaseTimelineResponse) => {
    const key = timelineKeys.ofCase(answer.case.id);
    queryClient.setQueryData(key, answer);
    return queryClient.invalidateQueries({
      queryKey: queryKeys.cases.all,
      predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(key),
    });
  };
}
