import type { MessagingSettings } from '@sentinel/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { queryKeys } from '@/api/query-keys';
import { api, errorMessage } from '@/lib/api-client';

/** GET /api/profile/messaging: the away reply and the digest switch. */
export const getMessagingSettings = (signal?: AbortSignal) =>
  api.get<MessagingSettings>('/api/profile/messaging', { signal });

/** PUT /api/profile/messaging: the whole settings; answers them as saved. */
export const putMessagingSettings = (settings: MessagingSettings) =>
  api.put<MessagingSettings>('/api/profile/messaging', settings);

export const useMessagingSettings = () =>
  useQuery({
    queryKey: queryKeys.messagingSettings.all,
    queryFn: ({ signal }) => getMessagingSettings(signal),
  });

export function useSaveMessagingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putMessagingSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.messagingSettings.all, saved);
      toast.success('Message settings saved');
    },
    onError: (error) =>
      toast.error(errorMessage(error, 'The message settings could not be saved. Please try again.')),
  });
}
