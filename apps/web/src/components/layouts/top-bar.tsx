import { LogOut, Menu } from 'lucide-react';
import { clsx } from 'clsx';
import type { ReactNode, Ref } from 'react';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { NotificationBell } from './notification-bell';

export interface TopBarProps {
  userLabel: string;
  displayName: string;
  onOpenMenu: () => void;
  menuOpen: boolean;
  /** Focus returns here when the drawer closes. */
  menuButtonRef: Ref<HTMLButtonElement>;
  onLogout: () => void;
  isLoggingOut: boolean;
  /** The firm switcher, for people in more than one firm. */
  firmSwitcher?: ReactNode;
  /** The switcher is shown: under 640 px Logout keeps its icon only, to leave it room. */
  crowded?: boolean;
}

/**
 * The bar above every session page: menu button (small screens), the firm switcher, the
 * notification bell, who is signed in, Logout. With the switcher, under 640 px 'Signed in as' and
 * the type take two short lines, the firm name truncates and Logout keeps its icon only (its name
 * stays for screen readers), so all of it fits in 375 px.
 */
export function TopBar({
  userLabel,
  displayName,
  onOpenMenu,
  menuOpen,
  menuButtonRef,
  onLogout,
  isLoggingOut,
  firmSwitcher,
  crowded = false,
}: TopBarProps) {
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur md:px-8">
      <button
        ref={menuButtonRef}
        type="button"
        onClick={onOpenMenu}
        aria-label="Open navigation"
        aria-expanded={menuOpen}
        className="-ml-1 flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {firmSwitcher}
      <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
        <NotificationBell />
        <span className="hidden sm:contents">
          <Avatar name={displayName} />
        </span>
        <p
          className={clsx(
            'min-w-0 truncate text-sm text-slate-600',
            // Two short lines beside the switcher on a phone: the type stays readable.
            crowded && 'max-sm:text-xs max-sm:leading-tight',
          )}
        >
          Signed in as{' '}
          <span className={clsx('font-semibold text-slate-900', crowded && 'max-sm:block max-sm:truncate')}>
            {userLabel}
          </span>
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={onLogout}
          isLoading={isLoggingOut}
          icon={<LogOut aria-hidden="true" className="size-4" />}
          className={clsx(crowded && 'max-sm:px-2')}
        >
          <span className={clsx(crowded && 'max-sm:sr-only')}>Logout</span>
        </Button>
      </div>
    </header>
  );
}
