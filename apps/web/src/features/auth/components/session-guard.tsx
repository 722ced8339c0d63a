import { MESSAGES } from '@sentinel/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { updateStoredUser } from '@/lib/session-store';
import { verifySession } from '../api/verify-session';

/**
 * Spec §2 session guard: every session route first verifies the token ('Loading...' until the
 * first answer). Later navigations verify in the background. A failure toasts 'Session expired.
 * Please log in again.' and goes to /login.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [verified, setVerified] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    verifySession(controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        if (answer?.user) updateStoredUser(answer.user);
        setVerified(true);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        toast.error(MESSAGES.sessionExpired, { id: 'session-expired' });
        void navigate(paths.login, { replace: true });
      });
    return () => controller.abort();
  }, [pathname, navigate]);

  if (!verified) return <LoadingScreen />;
  return children;
}
