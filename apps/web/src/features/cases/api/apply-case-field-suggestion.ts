import type { ApplyCaseFieldSuggestionRequest, CaseResponse } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStoreCase } from '@/api/cases';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/**
 * POST /api/cases/{id}/field-suggestions/apply (attorneys): writes a suggested value the attorney
 * confirmed; 409 when the field was filled meanwhile or no document gives the value any more.
 */
export const applyCaseFieldSuggestion = ({
  caseId,
  body,
}: {
  caseId: string;
  body: ApplyCaseFieldSuggestionRequest;
}) => api.post<CaseResponse>(`/api/cases/${encodeURIComponent(caseId)}/field-suggestions/apply`, body);

/**
 * The answer is the case page's data; the suggestions and every other case query refetch. A refusal
 * means the page is out of date (someone filled the field, a document changed): it all refetches.
 */
export function useApplyCaseFieldSuggestion() {
  const store = useStoreCase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCaseFieldSuggestion,
    onSuccess: store,
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.cases.all }),
  });
}
