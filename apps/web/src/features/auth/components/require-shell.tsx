import { shellFor, type Shell } from '@sentinel/shared';
import { Navigate, Outlet } from 'react-router';
import { shellHome } from '@/config/paths';
import { useSession } from '@/lib/session-store';

/**
 * Routes of one shell (spec §1: attorney, and everyone else). Someone of the other shell who types
 * such a path is sent to their own dashboard: a client at /clients lands on /dashboard, an
 * attorney at /dashboard on /attorney/dashboard. The server still decides what data anyone sees;
 * this only keeps people off screens that are not theirs. Rendered inside the session guard, so
 * the stored user type has already been refreshed from the verify answer.
 */
export function RequireShell({ shell }: { shell: Shell }) {
  const session = useSession();
  // No session (logging out): the session guard, not this, decides where to go.
  if (!session) return <Outlet />;
  const own: Shell = session.userType ? shellFor(session.userType) : 'staff';
  if (own !== shell) return <Navigate to={shellHome[own]} replace />;
  return <Outlet />;
}
