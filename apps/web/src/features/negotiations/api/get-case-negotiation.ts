import type { NegotiationStatus } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { negotiationsQueryKey } from './keys';

export interface CaseNegotiationResponse {
  data: { id: string; status: NegotiationStatus } | null;
}

/** GET /api/cases/{id}/negotiation: the case's negotiation, or null when it has none yet. */
export const getCaseNegotiation = (caseId: string, signal?: AbortSignal) =>
  api.get<CaseNegotiationResponse>(`/api/cases/${encodeURIComponent(caseId)}/negotiation`, { signal });

export const useCaseNegotiation = (caseId: string, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: [...negotiationsQueryKey, 'case', caseId],
      queryFn: ({ signal }) => getCaseNegotiation(caseId, signal),
      enabled: enabled && Boolean(caseId),
    }),
  );
