import { AttorneyDashboard } from '@/features/dashboard/components/attorney-dashboard';
import { InvitationsPanel } from '@/features/firms/components/invitations-panel';
import { greetingName, useSession } from '@/lib/auth';

/** /attorney/dashboard, with the invitations of other firms on top. */
export default function AttorneyDashboardRoute() {
  const session = useSession();
  return <AttorneyDashboard name={greetingName(session)} notice={<InvitationsPanel />} />;
}
