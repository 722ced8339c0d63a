import type { CaseDeadlinesResponse, ClaimFacts, DeadlineStatus, KeyDateKind } from '@sentinel/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

const casePath = (caseId: string) => `/api/cases/${encodeURIComponent(caseId)}`;

/** GET /api/cases/{id}/deadlines: facts, key dates, suggestions and computed deadlines (the team). */
export const getCaseDeadlines = (caseId: string, signal?: AbortSignal) =>
  api.get<CaseDeadlinesResponse>(`${casePath(caseId)}/deadlines`, { signal });

export const caseDeadlinesQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: queryKeys.deadlines.ofCase(caseId),
    queryFn: ({ signal }) => getCaseDeadlines(caseId, signal),
  });

export const useCaseDeadlines = (caseId: string) => useQuery(caseDeadlinesQueryOptions(caseId));

/** PUT /api/cases/{id}/deadlines/facts (attorneys). */
export const saveClaimFacts = (caseId: string, facts: ClaimFacts) =>
  api.put<CaseDeadlinesResponse>(`${casePath(caseId)}/deadlines/facts`, facts);

/** PUT /api/cases/{id}/key-dates/{kind}: typed (documentId null) or confirmed from a document. */
export const setKeyDate = (
  caseId: string,
  kind: KeyDateKind,
  body: { date: string; documentId: string | null },
) => api.put<CaseDeadlinesResponse>(`${casePath(caseId)}/key-dates/${encodeURIComponent(kind)}`, body);

/** DELETE /api/cases/{id}/key-dates/{kind}. */
export const removeKeyDate = (caseId: string, kind: KeyDateKind) =>
  api.delete<CaseDeadlinesResponse>(`${casePath(caseId)}/key-dates/${encodeURIComponent(kind)}`);

export interface DeadlineReview {
  status: DeadlineStatus;
  overrideDate: string | null;
  reason: string;
}

/** PUT /api/cases/{id}/deadlines/{ruleId}/review: met, missed, waived or open; a date of one's own. */
export const reviewDeadline = (caseId: string, ruleId: string, body: DeadlineReview) =>
  api.put<CaseDeadlinesResponse>(`${casePath(caseId)}/deadlines/${encodeURIComponent(ruleId)}/review`, body);

/**
 * After a change: the answer is the tab's new view; the calendar (the deadlines are its events)
 * and the dashboards (their upcoming deadlines) reload. The date of loss is also the case's own
 * field, so its page reloads when that key date changes.
 */
function useStoreDeadlines(caseId: string) {
  const queryClient = useQueryClient();
  return (answer: CaseDeadlinesResponse, touchesCase = false) => {
    queryClient.setQueryData(queryKeys.deadlines.ofCase(caseId), answer);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.calendar.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      touchesCase && queryClient.invalidateQueries({ queryKey: queryKeys.cases.all }),
    ]);
  };
}

export function useSaveClaimFacts(caseId: string) {
  const store = useStoreDeadlines(caseId);
  return useMutation({
    mutationFn: (facts: ClaimFacts) => saveClaimFacts(caseId, facts),
    onSuccess: (answer) => void store(answer),
  });
}

export function useSetKeyDate(caseId: string, kind: KeyDateKind) {
  const store = useStoreDeadlines(caseId);
  return useMutation({
    mutationFn: (body: { date: string; documentId: string | null }) => setKeyDate(caseId, kind, body),
    onSuccess: (answer) => void store(answer, kind === 'date_of_loss'),
  });
}

export function useRemoveKeyDate(caseId: string, kind: KeyDateKind) {
  const store = useStoreDeadlines(caseId);
  return useMutation({
    mutationFn: () => removeKeyDate(caseId, kind),
    onSuccess: (answer) => void store(answer, kind === 'date_of_loss'),
  });
}

export function useReviewDeadline(caseId: string, ruleId: string) {
  const store = useStoreDeadlines(caseId);
  return useMutation({
    mutationFn: (body: DeadlineReview) => reviewDeadline(caseId, ruleId, body),
    onSuccess: (answer) => void store(answer),
  });
}

/** GET /api/document/{id}/signedUrl?disposition=inline: a short-lived link to view a document. */
export const getDocumentViewUrl = (documentId: string) =>
  api.get<{ url: string; expiresAt: string }>(
    `/api/document/${encodeURIComponent(documentId)}/signedUrl?${new URLSearchParams({ disposition: 'inline' }).toString()}`,
  );
