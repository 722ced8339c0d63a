import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session-store';
import { WaitingScreen } from './waiting-screen';

/**
 * Every session screen but Settings needs a firm (issue 9): a person who belongs to none sees the
 * waiting screen in its place, at the same address. Settings stays open to them (password,
 * connected accounts, their firms and invitations).
 */
export function RequireFirm({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  if (session && session.firm === null && pathname !== paths.settings) {
    return <WaitingScreen email={session.email} />;
  }
  return children;
}
