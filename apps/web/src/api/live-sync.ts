import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveConnection, useLiveEvents, type LiveEvent } from '@/lib/live';
import { getSessionSnapshot } from '@/lib/session-store';
import { catchUpThreads, storeMessages, storeReadMark } from './conversations';
import { queryKeys } from './query-keys';

/**
 * Opens the live channel while `enabled` (signed in and acting in a firm) and folds what it says
 * into the query cache, for every screen at once: a message goes into its loaded thread (same id
 * replaced) and the lists and the sidebar's count are read again; a read mark moves; a
 * notification makes the bell ask again. After a reconnection everything that may have changed
 * is read again and loaded threads fetch what came after their last message.
 */
export function useLiveSync(enabled: boolean): void {
  const queryClient = useQueryClient();
  useLiveConnection(enabled);

  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.lists() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.unread() });
  }, [queryClient]);

  const onEvent = useCallback(
    (event: LiveEvent) => {
      switch (event.type) {
        case 'message':
          storeMessages(queryClient, event.message.conversationId, [event.message]);
          refreshLists();
          return;
        case 'read':
          storeReadMark(queryClient, event.conversationId, event.userId, event.seq);
          // Read in another tab or window: this one's dots and count follow.
          if (event.userId === getSessionSnapshot()?.userId) refreshLists();
          return;
        case 'notification':
          void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
          return;
        case 'ready':
          if (!event.resumed) return;
          refreshLists();
          void queryClient.invalidateQueries({ queryKey: ['conversations', 'detail'] });
          void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
          catchUpThreads(queryClient).catch(() =>
            queryClient.invalidateQueries({ queryKey: queryKeys.conversations.messagesAll() }),
          );
      }
    },
    [queryClient, refreshLists],
  );
  useLiveEvents(onEvent);
}
