import { USER_TYPE_LABELS } from '@sentinel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, cancelProactiveRefresh, scheduleProactiveRefresh } from './api-client';
import { clearSession, subscribeToSession, type Session } from './session-store';

export { useSession } from './session-store';

/** 'Attorney', 'Property Owner', … or 'Guest' (the top bar's "Signed in as"). */
export const userTypeLabel = (session: Session | null): string =>
  session?.userType ? USER_TYPE_LABELS[session.userType] : 'Guest';

/** The name a greeting uses: the stored first name, else the e-mail's local part. */
export const greetingName = (session: Session | null): string =>
  session?.firstName.trim() || session?.email.split('@')[0] || '';

/** Keeps a timer that refreshes the access token 30 s before it expires, while mounted. */
export function useProactiveTokenRefresh(): void {
  useEffect(() => {
    scheduleProactiveRefresh();
    const unsubscribe = subscribeToSession(() => scheduleProactiveRefresh());
    return () => {
      unsubscribe();
      cancelProactiveRefresh();
    };
  }, []);
}

/** POST /api/tokens/logout: the server revokes the refresh cookie. */
export const logoutRequest = () =>
  api.post<{ success: boolean }>('/api/tokens/logout', undefined, { auth: false });

/**
 * Logs out: tells the server (failures are only logged), clears the stored session and the query
 * cache, and goes to /auth/login (spec §4).
 */
export function useLogout(): { logout: () => Promise<void>; isLoggingOut: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isLoggingOut, setLoggingOut] = useState(false);
  const logout = useCallback(async () => {
    setLoggingOut(true);
    try {
      await logoutRequest();
    } catch (error) {
      console.warn('Logout request failed', error);
    }
    cancelProactiveRefresh();
    clearSession();
    queryClient.clear();
    setLoggingOut(false);
    await navigate('/auth/login', { replace: true });
  }, [navigate, queryClient]);
  return { logout, isLoggingOut };
}
