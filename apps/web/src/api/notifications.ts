import { type NotificationsResponse, CALENDAR_MESSAGES } from '@sentinel/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, errorMessage } from '@/lib/api-client';
import { queryKeys } from './query-keys';

/** How often the bell asks again while the tab is visible. */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** GET /api/notifications: the 50 newest of the signed-in person's and how many are unread. */
export const getNotifications = (signal?: AbortSignal) =>
  api.get<NotificationsResponse>('/api/notifications', { signal });

/** POST /api/notifications/{id}/read (204). */
export const markNotificationRead = (id: string) =>
  api.post<undefined>(`/api/notifications/${encodeURIComponent(id)}/read`);

/** POST /api/notifications/read-all (204). */
export const markAllNotificationsRead = () => api.post<undefined>('/api/notifications/read-all');

/**
 * The bell's list: asked every 30 s while the tab is visible (TanStack Query pauses the interval
 * in a hidden tab) and again when the window regains focus.
 */
export const useNotifications = () =>
  useQuery({
    queryKey: queryKeys.notifications.all,
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

/** The list with `ids` (or every one, without `ids`) read now. */
function withRead(answer: NotificationsResponse, ids?: readonly string[]): NotificationsResponse {
  const now = new Date().toISOString();
  const data = answer.data.map((item) =>
    item.readAt === null && (!ids || ids.includes(item.id)) ? { ...item, readAt: now } : item,
  );
  const newlyRead = answer.data.filter((item, index) => item.readAt !== data[index]?.readAt).length;
  return { data, unread: Math.max(0, answer.unread - newlyRead) };
}

/**
 * Marks one or all read: the bell shows it at once, and the list is read again afterwards (the
 * server's count is the truth). A failure puts the list back and says so.
 */
function useMarkRead<T>(
  mutationFn: (value: T) => Promise<undefined>,
  idsOf: (value: T) => string[] | undefined,
) {
  const queryClient = useQueryClient();
  const key = queryKeys.notifications.all;
  return useMutation({
    mutationFn,
    onMutate: async (value: T) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationsResponse>(key);
      if (before) queryClient.setQueryData(key, withRead(before, idsOf(value)));
      return { before };
    },
    onError: (error, _value, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(errorMessage(error, CALENDAR_MESSAGES.notificationsUpdateFailed));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useMarkNotificationRead = () => useMarkRead(markNotificationRead, (id: string) => [id]);
export const useMarkAllNotificationsRead = () => useMarkRead(markAllNotificationsRead, () => undefined);
