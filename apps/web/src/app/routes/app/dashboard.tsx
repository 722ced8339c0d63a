import { ClientDashboard } from '@/features/dashboard/components/client-dashboard';
import { useSession } from '@/lib/auth';

/** /dashboard and /client/dashboard. */
export default function DashboardRoute() {
  const session = useSession();
  return (
    <ClientDashboard
      firstName={session?.firstName ?? ''}
      userId={session?.userId ?? ''}
      userType={session?.userType ?? null}
    />
  );
}
