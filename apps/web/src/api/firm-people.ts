import type { FirmPeopleResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type FirmPerson = FirmPeopleResponse['data'][number];

/** GET /api/firm/people (attorneys): the firm's attorneys and case team members, not clients. */
export const getFirmPeople = (signal?: AbortSignal) =>
  api.get<FirmPeopleResponse>('/api/firm/people', { signal });

export const firmPeopleQueryOptions = () =>
  queryOptions({
    queryKey: ['firm', 'people'],
    queryFn: ({ signal }) => getFirmPeople(signal),
    select: (answer) => answer.data,
  });

/** The case form's lead attorney, the case team's add-member select and the workflow form read this. */
export const useFirmPeople = (enabled = true) => useQuery({ ...firmPeopleQueryOptions(), enabled });
