import type { MyExpertResponse, UpdateMyAvailabilityRequest } from '@sentinel/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExpertSummary } from '@sentinel/shared';
import { api } from '@/lib/api-client';
import { expertsQueryKey } from './get-experts';

const myExpertKey = [...expertsQueryKey, 'me'] as const;

/** GET /api/experts/me: an expert witness's own entry in the firm's directory (null: none). */
export const getMyExpert = (signal?: AbortSignal) => api.get<MyExpertResponse>('/api/experts/me', { signal });

export const myExpertQueryOptions = () =>
  queryOptions({
    queryKey: myExpertKey,
    queryFn: ({ signal }) => getMyExpert(signal),
    select: (answer) => answer.data,
  });

export const useMyExpert = () => useQuery(myExpertQueryOptions());

/** PUT /api/experts/me/availability. */
export const updateMyAvailability = (body: UpdateMyAvailabilityRequest) =>
  api.put<{ message: string; data: ExpertSummary }>('/api/experts/me/availability', body);

export function useUpdateMyAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyAvailability,
    onSuccess: (answer) => queryClient.setQueryData(myExpertKey, { data: answer.data }),
  });
}
