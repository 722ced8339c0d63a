import { MESSAGES } from '@sentinel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { getStoredFirmId, updateStoredUser } from '@/lib/session-store';
import { verifySession } from '../api/verify-session';

/**
 * Spec §2 session guard: every session route first verifies the token ('Loading...' until the
 * first answer). Later navigations verify in the background. A failure toasts 'Session expired.
 * Please log in again.' and goes to /login. When the answer's firm is not the stored one (the
 * person was removed from it, say), the query cache is emptied before the user is stored: the
 * page remounts for the new firm (app root) and must not find the old firm's answers.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [verified, setVerified] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const firmAtStart = getStoredFirmId();
    verifySession(controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        // A change of firm while the check was under way stored a new token and user: this
        // answer describes the session before it, and must not undo it.
        if (answer?.user && getStoredFirmId() === firmAtStart) {
          if ((answer.user.firm?.id ?? null) !== firmAtStart) queryClient.clear();
          updateStoredUser(answer.user);
        }
        setVerified(true);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        toast.error(MESSAGES.sessionExpired, { id: 'session-expired' });
        void navigate(paths.login, { replace: true });
      });
    return () => controller.abort();
  }, [pathname, navigate, queryClient]);

  if (!verified) return <LoadingScreen />;
  return children;
}
