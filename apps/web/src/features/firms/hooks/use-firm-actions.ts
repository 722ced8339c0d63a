import { MESSAGES } from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import { acceptMembership } from '../api/accept-membership';
import { declineMembership } from '../api/decline-membership';
import { leaveFirm } from '../api/leave-firm';
import { switchFirm } from '../api/switch-firm';
import { useApplySessionChange } from './use-session-change';

// The callbacks are the mutation's own (not mutate's): they still run when the button that
// started the call is gone, as it is when the session moves to another firm and the page remounts.

export type InvitationAnswer = 'accept' | 'decline';

/** Accept or decline a firm's invitation; a toast tells the outcome. */
export function useAnswerInvitation() {
  const apply = useApplySessionChange();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: InvitationAnswer }) =>
      answer === 'accept' ? acceptMembership(id) : declineMembership(id),
    onSuccess: async (response, { answer }) => {
      await apply(response);
      toast.success(
        response.message || (answer === 'accept' ? MESSAGES.invitationAccepted : MESSAGES.invitationDeclined),
      );
    },
    onError: (error, { answer }) =>
      toast.error(
        errorMessage(
          error,
          answer === 'accept'
            ? 'The invitation could not be accepted. Please try again.'
            : 'The invitation could not be declined. Please try again.',
        ),
      ),
  });
}

/** Work in another of one's firms: a new token, an empty cache, the home of one's type there. */
export function useSwitchFirm() {
  const apply = useApplySessionChange();
  return useMutation({
    mutationFn: (firmId: string) => switchFirm({ firmId }),
    onSuccess: async (response) => {
      await apply(response);
      toast.success(response.message || MESSAGES.firmSwitched);
    },
    onError: (error) => toast.error(errorMessage(error, 'The firm could not be switched. Please try again.')),
  });
}

/** Leave a firm. A failure (e.g. the firm's last attorney) is shown by the confirm dialog. */
export function useLeaveFirm() {
  const apply = useApplySessionChange();
  return useMutation({
    mutationFn: leaveFirm,
    onSuccess: async (response) => {
      await apply(response);
      toast.success(response.message || MESSAGES.leftFirm);
    },
  });
}
