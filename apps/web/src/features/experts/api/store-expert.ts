import type { ExpertActionResponse } from '@sentinel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { expertQueryKey } from './get-expert';
import { expertsQueryKey } from './get-experts';

/**
 * After a change to an expert: the answer is the profile as it now is; the directory is refetched,
 * and so are cases (an engagement puts the expert on a case's team).
 */
export function useStoreExpert() {
  const queryClient = useQueryClient();
  return (answer: ExpertActionResponse) => {
    queryClient.setQueryData(expertQueryKey(answer.data.id), { data: answer.data });
    void queryClient.invalidateQueries({ queryKey: [...expertsQueryKey, 'list'] });
    void queryClient.invalidateQueries({ queryKey: queryKeys.cases.all });
  };
}
