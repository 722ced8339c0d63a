import type { FirmPeopleResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/firm/people (attorneys): who a workflow may notify or add to a case (not clients). */
export const getFirmPeople = (signal?: AbortSignal) =>
  api.get<FirmPeopleResponse>('/api/firm/people', { signal });

export const firmPeopleQueryOptions = () =>
  queryOptions({
    queryKey: ['firm', 'people'],
    queryFn: ({ signal }) => getFirmPeople(signal),
    select: (answer) => answer.data,
  });

export const useFirmPeople = () => useQuery(firmPeopleQueryOptions());
