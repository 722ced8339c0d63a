import { clsx } from 'clsx';
import { NavLink } from 'react-router';
import type { NavItem } from '@/config/navigation';

export interface SidebarNavProps {
  items: NavItem[];
  /** Icons only; the labels stay available to assistive technology. */
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** The sidebar's list of links; the current section (/clients for /clients/{id}) has aria-current. */
export function SidebarNav({ items, collapsed, onNavigate }: SidebarNavProps) {
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
                'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                collapsed && 'justify-center px-0',
                isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white',
              )
            }
          >
            <Icon aria-hidden="true" className="size-5 shrink-0" />
            <span className={clsx(collapsed && 'sr-only')}>{label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
