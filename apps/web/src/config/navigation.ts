import type { Shell } from '@sentinel/shared';
import {
  BarChart3,
  Briefcase,
  CalendarDays,
  FileText,
  Handshake,
  LayoutDashboard,
  ListChecks,
  Mail,
  MessageSquare,
  Settings,
  UserCheck,
  Users,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import { paths } from './paths';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** Sidebar links per shell, in the spec's order (§2 Shells). */
export const navigation: Record<Shell, NavItem[]> = {
  staff: [
    { to: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard },
    { to: paths.email, label: 'Email', icon: Mail },
    { to: paths.documents, label: 'Documents', icon: FileText },
    { to: paths.messages, label: 'Messages', icon: MessageSquare },
    { to: paths.timeline, label: 'Timeline', icon: ListChecks },
    { to: paths.settings, label: 'Settings', icon: Settings },
  ],
  attorney: [
    { to: paths.attorneyDashboard, label: 'Dashboard', icon: LayoutDashboard },
    { to: paths.documents, label: 'Documents', icon: FileText },
    { to: paths.email, label: 'Email', icon: Mail },
    // Issue 12: attorneys write to their clients and teams too (the spec's sidebar predates it).
    { to: paths.messages, label: 'Messages', icon: MessageSquare },
    { to: paths.cases, label: 'Cases', icon: Briefcase },
    { to: paths.clients, label: 'Clients', icon: Users },
    { to: paths.calendar, label: 'Calendar', icon: CalendarDays },
    { to: paths.negotiations, label: 'Negotiations', icon: Handshake },
    { to: paths.experts, label: 'Experts', icon: UserCheck },
    { to: paths.workflows, label: 'Workflows', icon: Workflow },
    { to: paths.analytics, label: 'Analytics', icon: BarChart3 },
    { to: paths.settings, label: 'Settings', icon: Settings },
  ],
};

/** The sidebar of someone who belongs to no firm yet: everything else needs a firm (issue 9). */
export const navigationWithoutFirm: NavItem[] = navigation.staff.filter(
  (item) => item.to === paths.dashboard || item.to === paths.settings,
);
