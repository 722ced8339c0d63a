import type { MyMembership } from '@sentinel/shared';
import { Button } from '@/components/ui/button';
import { formatDay } from '@/lib/format';
import { useAnswerInvitation } from '../hooks/use-firm-actions';
import { invitationText } from '../utils/labels';

/**
 * Pending invitations, each '{Firm} has added you as {type}' with Accept and Decline. The buttons
 * name the firm for screen readers ('Accept the invitation of Morgan & Reyes').
 */
export function InvitationList({ invitations }: { invitations: readonly MyMembership[] }) {
  const answer = useAnswerInvitation();
  const busy = (id: string, which: 'accept' | 'decline') =>
    answer.isPending && answer.variables.id === id && answer.variables.answer === which;

  return (
    <ul className="divide-y divide-slate-100">
      {invitations.map((invitation) => (
        <li
          key={invitation.id}
          className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">
              {invitationText(invitation.firmName, invitation.userType)}
            </p>
            <p className="mt-0.5 text-sm text-slate-600">
              {invitation.invitedBy ? `Added by ${invitation.invitedBy} on ` : 'Added on '}
              {formatDay(invitation.createdAt)}
            </p>
          </div>
          <div className="flex shrink-0 gap-2">
            <Button
              size="sm"
              aria-label={`Accept the invitation of ${invitation.firmName}`}
              isLoading={busy(invitation.id, 'accept')}
              disabled={answer.isPending}
              onClick={() => answer.mutate({ id: invitation.id, answer: 'accept' })}
            >
              Accept
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Decline the invitation of ${invitation.firmName}`}
              isLoading={busy(invitation.id, 'decline')}
              disabled={answer.isPending}
              onClick={() => answer.mutate({ id: invitation.id, answer: 'decline' })}
            >
              Decline
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
