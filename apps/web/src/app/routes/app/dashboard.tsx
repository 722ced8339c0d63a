import { ClientDashboard } from '@/features/dashboard/components/client-dashboard';
import { InvitationsPanel } from '@/features/firms/components/invitations-panel';
import { useSession } from '@/lib/auth';

/** /dashboard and /client/dashboard, with the invitations of other firms on top. */
export default function DashboardRoute() {
  const session = useSession();
  return (
    <ClientDashboard
      firstName={session?.firstName ?? ''}
      userId={session?.userId ?? ''}
      userType={session?.userType ?? null}
      notice={<InvitationsPanel />}
    />
  );
}
