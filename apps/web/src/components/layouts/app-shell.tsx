import * as Dialog from '@radix-ui/react-dialog';
import { shellFor } from '@sentinel/shared';
import { clsx } from 'clsx';
import { PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { navigation, navigationWithoutFirm } from '@/config/navigation';
import { shellHome } from '@/config/paths';
import { useLogout, userTypeLabel, useSession } from '@/lib/auth';
import { Logo } from '../ui/logo';
import { SidebarNav } from './sidebar-nav';
import { TopBar } from './top-bar';

/**
 * The session frame: sidebar (collapsible on wide screens, a drawer under 768 px that closes on
 * Escape and on navigation), top bar and main region. Attorneys get the attorney links, everyone
 * else the staff/client links; someone in no firm yet only Dashboard and Settings (the other
 * screens need a firm). `firmSwitcher` goes into the top bar (the app composes it).
 */
export function AppShell({ children, firmSwitcher }: { children: ReactNode; firmSwitcher?: ReactNode }) {
  const session = useSession();
  const { logout, isLoggingOut } = useLogout();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const firstRender = useRef(true);
  const pathnameRef = useRef(pathname);
  const drawerOpenedAt = useRef(pathname);

  const shell = session?.userType ? shellFor(session.userType) : 'staff';
  const items = session && !session.firm ? navigationWithoutFirm : navigation[shell];
  const home = shellHome[shell];
  const displayName =
    [session?.firstName, session?.lastName].filter(Boolean).join(' ') || session?.email || 'Guest';

  // After client-side navigation, close the drawer and move focus to the new page.
  useEffect(() => {
    pathnameRef.current = pathname;
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setDrawerOpen(false);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="min-h-dvh bg-slate-50 md:flex">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>

      <aside
        aria-label="Sidebar"
        data-surface="dark"
        className={clsx(
          'sticky top-0 hidden h-dvh shrink-0 flex-col bg-slate-900 transition-[width] duration-200 md:flex',
          collapsed ? 'w-18' : 'w-64',
        )}
      >
        <div className={clsx('flex h-16 items-center', collapsed ? 'justify-center' : 'px-5')}>
          <Link to={home} className="rounded-lg" aria-label="Sentinel dashboard">
            <Logo inverted compact={collapsed} />
          </Link>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
          <SidebarNav items={items} collapsed={collapsed} />
        </nav>
        <div className="border-t border-white/10 p-3">
          <button
            type="button"
            onClick={() => setCollapsed((c) => !c)}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            className={clsx(
              'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/5 hover:text-white',
              collapsed && 'justify-center px-0',
            )}
          >
            {collapsed ? (
              <PanelLeftOpen aria-hidden="true" className="size-5" />
            ) : (
              <PanelLeftClose aria-hidden="true" className="size-5" />
            )}
            <span className={clsx(collapsed && 'sr-only')} aria-hidden="true">
              Collapse
            </span>
          </button>
        </div>
      </aside>

      <Dialog.Root
        open={drawerOpen}
        onOpenChange={(open) => {
          if (open) drawerOpenedAt.current = pathnameRef.current;
          setDrawerOpen(open);
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 md:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            data-surface="dark"
            onCloseAutoFocus={(event) => {
              // Back to the menu button that opened it, or, when closed by navigating, to the
              // new page.
              event.preventDefault();
              const navigated = drawerOpenedAt.current !== pathnameRef.current;
              (navigated ? mainRef : menuButtonRef).current?.focus({ preventScroll: true });
            }}
            className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-slate-900 shadow-xl focus:outline-none md:hidden"
          >
            <div className="flex h-16 items-center justify-between px-5">
              <Dialog.Title asChild>
                <h2>
                  <Logo inverted />
                  <span className="sr-only"> navigation</span>
                </h2>
              </Dialog.Title>
              <Dialog.Close
                aria-label="Close navigation"
                className="flex size-10 items-center justify-center rounded-lg text-slate-300 hover:bg-white/10 hover:text-white"
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
            <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
              <SidebarNav items={items} />
            </nav>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          userLabel={userTypeLabel(session)}
          displayName={displayName}
          onOpenMenu={() => {
            drawerOpenedAt.current = pathname;
            setDrawerOpen(true);
          }}
          menuOpen={drawerOpen}
          menuButtonRef={menuButtonRef}
          onLogout={() => void logout()}
          isLoggingOut={isLoggingOut}
          firmSwitcher={firmSwitcher}
          crowded={(session?.firms.length ?? 0) > 1}
        />
        <main
          id="main-content"
          ref={mainRef}
          tabIndex={-1}
          className="flex-1 px-4 py-6 focus:outline-none md:px-8 md:py-8"
        >
          <div className="mx-auto w-full max-w-7xl">{children}</div>
        </main>
      </div>
    </div>
  );
}
