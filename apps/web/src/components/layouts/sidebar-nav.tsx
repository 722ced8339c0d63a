import { clsx } from 'clsx';
import { NavLink } from 'react-router';
import { useUnreadMessages } from '@/api/conversations';
import type { NavItem } from '@/config/navigation';
import { paths } from '@/config/paths';

export interface SidebarNavProps {
  items: NavItem[];
  /** Icons only; the labels stay available to assistive technology. */
  collapsed?: boolean;
  onNavigate?: () => void;
}

/**
 * The sidebar's list of links; the current section (/clients for /clients/{id}) has aria-current.
 * Messages carries the count of unread messages, kept current by the live channel.
 */
export function SidebarNav({ items, collapsed, onNavigate }: SidebarNavProps) {
  const hasMessages = items.some((item) => item.to === paths.messages);
  return (
    <ul className="space-y-1">
      {items.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            onClick={onNavigate}
            title={collapsed ? label : undefined}
            className={({ isActive }) =>
              clsx(
                'relative flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                collapsed && 'justify-center px-0',
                isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white',
              )
            }
          >
            <Icon aria-hidden="true" className="size-5 shrink-0" />
            <span className={clsx(collapsed && 'sr-only')}>{label}</span>
            {hasMessages && to === paths.messages && <UnreadBadge collapsed={collapsed} />}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The count of unread messages beside Messages (on the icon when collapsed). The live sync in the
 * app shell asks for it again on every message and read mark.
 */
function UnreadBadge({ collapsed }: { collapsed?: boolean }) {
  const unread = useUnreadMessages();
  const count = unread.data ?? 0;
  if (count === 0) return null;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <>
      <span className="sr-only">, {count} unread</span>
      <span
        aria-hidden="true"
        className={clsx(
          'flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-[0.6875rem] leading-none font-semibold text-white',
          collapsed ? 'absolute top-0.5 right-2.5 h-4 min-w-4 px-1 text-[0.625rem]' : 'ml-auto',
        )}
      >
        {shown}
      </span>
    </>
  );
}
