import type { EmailDetail } from '@sentinel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/**
 * GET /api/emails/{id}?remoteImages=true: one e-mail with its sanitised HTML. Remote images are
 * held back (and counted) unless asked for.
 */
export const getEmail = (id: string, remoteImages: boolean, signal?: AbortSignal) =>
  api.get<{ data: EmailDetail }>(
    `/api/emails/${encodeURIComponent(id)}${remoteImages ? '?remoteImages=true' : ''}`,
    { signal },
  );

export const emailQueryOptions = (id: string, remoteImages: boolean) =>
  queryOptions({
    queryKey: queryKeys.emails.detail(id, remoteImages),
    queryFn: ({ signal }) => getEmail(id, remoteImages, signal),
    select: (answer) => answer.data,
  });

/** One e-mail; the reader keeps showing it while the same e-mail loads with its images. */
export const useEmail = (id: string, remoteImages: boolean) =>
  useQuery({ ...emailQueryOptions(id, remoteImages), placeholderData: keepPreviousData });
