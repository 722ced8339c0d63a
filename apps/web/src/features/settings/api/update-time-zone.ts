import { CALENDAR_MESSAGES } from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { putTimeZone } from '@/api/time-zone';
import { errorMessage } from '@/lib/api-client';
import { setStoredTimeZone } from '@/lib/session-store';

/** Saves the calendar's time zone and keeps the stored session in step. */
export function useUpdateTimeZone() {
  return useMutation({
    mutationFn: putTimeZone,
    onSuccess: ({ timeZone }) => {
      setStoredTimeZone(timeZone);
      toast.success(CALENDAR_MESSAGES.timeZoneSaved);
    },
    onError: (error) => toast.error(errorMessage(error, CALENDAR_MESSAGES.timeZoneSaveFailed)),
  });
}
