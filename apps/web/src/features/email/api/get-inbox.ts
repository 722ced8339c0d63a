import { INBOX_PAGE_SIZE, type InboxResponse, type Provider } from '@sentinel/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/** The inbox's filters, as the URL keeps them. */
export interface InboxFilter {
  provider: Provider | 'all';
  unread: boolean;
  /** Words matched against sender, subject and body ('' for none). */
  q: string;
  /** '' for every e-mail, a case id, 'unfiled' or 'suggested'. */
  caseFilter: string;
}

/** GET /api/emails/inbox/{google|microsoft|all}?cursor&limit&unread&q&case: one page. */
export function getInbox(filter: InboxFilter, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(INBOX_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  if (filter.unread) query.set('unread', 'true');
  if (filter.q) query.set('q', filter.q);
  if (filter.caseFilter) query.set('case', filter.caseFilter);
  return api.get<InboxResponse>(
    `/api/emails/inbox/${encodeURIComponent(filter.provider)}?${query.toString()}`,
    { signal },
  );
}

export const inboxQueryOptions = (filter: InboxFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.emails.inbox(filter),
    queryFn: ({ pageParam, signal }) => getInbox(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Keep the rows on screen while another filter loads.
    placeholderData: keepPreviousData,
  });

/** The inbox, page by page ('Load more' asks for the next cursor). */
export const useInbox = (filter: InboxFilter, enabled: boolean) =>
  useInfiniteQuery({ ...inboxQueryOptions(filter), enabled });
