import { type CalendarFeedResponse, CALENDAR_MESSAGES } from '@sentinel/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/** GET /api/calendar/feed: the person's secret subscription link (made on first request). */
export const getCalendarFeed = (signal?: AbortSignal) =>
  api.get<CalendarFeedResponse>('/api/calendar/feed', { signal });

/** POST /api/calendar/feed: a new link; the old one stops working. */
export const regenerateCalendarFeed = () => api.post<CalendarFeedResponse>('/api/calendar/feed');

export const useCalendarFeed = () =>
  useQuery({ queryKey: queryKeys.calendarFeed.all, queryFn: ({ signal }) => getCalendarFeed(signal) });

export function useRegenerateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateCalendarFeed,
    onSuccess: (feed) => {
      queryClient.setQueryData(queryKeys.calendarFeed.all, feed);
      toast.success(CALENDAR_MESSAGES.calendarFeedRegenerated);
    },
  });
}
