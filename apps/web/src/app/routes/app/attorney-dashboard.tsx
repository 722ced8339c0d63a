import { AttorneyDashboard } from '@/features/dashboard/components/attorney-dashboard';
import { greetingName, useSession } from '@/lib/auth';

/** /attorney/dashboard. */
export default function AttorneyDashboardRoute() {
  const session = useSession();
  return <AttorneyDashboard name={greetingName(session)} />;
}
