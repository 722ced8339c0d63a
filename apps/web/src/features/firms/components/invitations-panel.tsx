import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { LoadingState } from '@/components/ui/spinner';
import { useSession } from '@/lib/session-store';
import { useMemberships } from '../api/get-memberships';
import { InvitationList } from './invitation-list';

/**
 * The dashboards' invitations (issue 9): shown while the session counts pending invitations, or
 * the memberships already loaded hold some. Accepting keeps the session in its firm; the new firm
 * joins the top bar's switcher.
 */
export function InvitationsPanel() {
  const session = useSession();
  const expected = (session?.invitations ?? 0) > 0;
  const memberships = useMemberships({ enabled: expected });
  const pending = memberships.data?.filter((m) => m.status === 'pending') ?? [];

  if (!expected && pending.length === 0) return null;
  if (memberships.isSuccess && pending.length === 0) return null;

  const firmName = session?.firm?.name;
  return (
    <Card
      title="Invitations"
      description={
        firmName
          ? `Accepting adds the firm to your firms; you stay in ${firmName} until you switch.`
          : undefined
      }
      className="mb-6"
    >
      {memberships.isPending ? (
        <LoadingState label="Loading invitations..." className="p-2" />
      ) : memberships.isError && pending.length === 0 ? (
        <LoadError
          error={memberships.error}
          fallback="Your invitations could not be loaded."
          onRetry={() => void memberships.refetch()}
          retrying={memberships.isFetching}
        />
      ) : (
        <InvitationList invitations={pending} />
      )}
    </Card>
  );
}
