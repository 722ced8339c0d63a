import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type Notification, type NotificationKind, CALENDAR_MESSAGES } from '@sentinel/shared';
import { clsx } from 'clsx';
import {
  Bell,
  CalendarClock,
  CalendarPlus,
  CheckCheck,
  FileCheck2,
  FileText,
  Flag,
  MessageSquare,
  UserCheck,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import { useNavigate } from 'react-router';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '@/api/notifications';
import { formatTimeAgo } from '@/lib/format';
import { Badge } from '../ui/badge';
import { Spinner } from '../ui/spinner';

/** Each kind's icon (the server writes the title, body and link). */
const KIND_ICONS: Record<NotificationKind, LucideIcon> = {
  event_reminder: CalendarClock,
  event_invitation: CalendarPlus,
  message: MessageSquare,
  document_shared: FileText,
  document_analyzed: FileCheck2,
  case_status: Flag,
  invitation_accepted: UserCheck,
  workflow: Workflow,
};

/** The button's accessible name: 'Notifications, 2 unread' or 'Notifications'. */
export const bellLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

/**
 * The bell in the top bar: how many notifications are unread, and a menu of the newest (event
 * reminders and invitations, messages, shared and analysed documents, case status changes,
 * accepted invitations), each with its kind's icon. The live channel's 'notification' frame makes
 * it ask again at once (api/live-sync.ts). Choosing one marks it read and opens its page; 'Mark all as read'
 * clears the count. A Radix menu button: Enter, Space or ArrowDown open it, the arrows move,
 * Escape closes it and returns to the bell. The list is asked for every 30 s while the tab is
 * visible and when the window regains focus.
 */
export function NotificationBell() {
  const navigate = useNavigate();
  const { data, isPending, isError } = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const unread = data?.unread ?? 0;

  const open = (item: Notification) => {
    if (item.readAt === null) markRead.mutate(item.id);
    if (item.link) void navigate(item.link);
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        type="button"
        aria-label={bellLabel(unread)}
        className="relative flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-700 px-1 text-[0.625rem] leading-none font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          aria-labelledby={undefined}
          aria-label="Notifications"
          align="end"
          loop
          sideOffset={8}
          collisionPadding={16}
          className="z-30 flex max-h-[70dvh] w-[min(24rem,calc(100vw-2rem))] flex-col rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
            <DropdownMenu.Label className="text-sm font-semibold text-slate-900">
              Notifications
            </DropdownMenu.Label>
            <DropdownMenu.Item
              disabled={unread === 0}
              onSelect={(event) => {
                // Stay open: the list shows every item read.
                event.preventDefault();
                markAllRead.mutate();
              }}
              className="flex cursor-default items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-brand-700 outline-none select-none data-[disabled]:text-slate-400 data-[highlighted]:bg-brand-50"
            >
              <CheckCheck aria-hidden="true" className="size-4" />
              Mark all as read
            </DropdownMenu.Item>
          </div>
          <div className="min-h-0 overflow-y-auto p-1.5">
            {isPending ? (
              <div className="flex justify-center py-6">
                <Spinner />
              </div>
            ) : isError && !data ? (
              <p className="px-3 py-6 text-center text-sm text-red-700">
                {CALENDAR_MESSAGES.notificationsLoadFailed}
              </p>
            ) : data.data.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-slate-600">
                {CALENDAR_MESSAGES.notificationsEmpty}
              </p>
            ) : (
              data.data.map((item) => <NotificationItem key={item.id} item={item} onOpen={open} />)
            )}
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const unread = item.readAt === null;
  const Icon = KIND_ICONS[item.kind] ?? Bell;
  return (
    <DropdownMenu.Item
      onSelect={() => onOpen(item)}
      className={clsx(
        'flex w-full cursor-default items-start gap-3 rounded-lg px-3 py-2.5 text-left outline-none select-none data-[highlighted]:bg-brand-50',
        unread && 'bg-brand-50/60',
      )}
    >
      <span aria-hidden="true" className="relative mt-0.5 shrink-0">
        <Icon className={clsx('size-5', unread ? 'text-brand-700' : 'text-slate-500')} />
        {unread && (
          <span className="absolute -top-0.5 -right-0.5 size-2 rounded-full bg-brand-700 ring-2 ring-white" />
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-start justify-between gap-2">
          <span
            className={clsx('text-sm break-words text-slate-900', unread ? 'font-semibold' : 'font-medium')}
          >
            {unread && <span className="sr-only">Unread: </span>}
            {item.title}
          </span>
          {item.late && (
            <Badge tone="warning" className="shrink-0">
              Late
            </Badge>
          )}
        </span>
        {item.body && <span className="mt-0.5 block text-sm break-words text-slate-600">{item.body}</span>}
        <time dateTime={item.createdAt} className="mt-1 block text-xs text-slate-500">
          {formatTimeAgo(item.createdAt)}
        </time>
      </span>
    </DropdownMenu.Item>
  );
}
