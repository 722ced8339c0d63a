import {
  CASE_STATUS_LABELS,
  EVENT_TYPE_LABELS,
  timelineStatusLabel,
  type CaseStatus,
  type EventType,
  type TimelineItem,
  type TimelineStatus,
} from '@sentinel/shared';
import type { BadgeTone } from '@/components/ui/badge';
import { casePath, conversationPath } from '@/config/paths';
import { formatCount } from '@/lib/format';

/** Spec §4: completed green, current (In Progress) blue, upcoming grey; anything else grey, Unknown. */
const TONES: Record<TimelineStatus, BadgeTone> = {
  completed: 'success',
  current: 'info',
  upcoming: 'neutral',
};
export const statusTone = (status: string): BadgeTone => TONES[status as TimelineStatus] ?? 'neutral';
export { timelineStatusLabel as statusLabel };

/** The marker on the timeline's line, in the status's colour. */
export const MARKER_CLASSES: Record<TimelineStatus, string> = {
  completed: 'border-emerald-600 bg-emerald-600 text-white',
  current: 'border-blue-600 bg-white text-blue-700',
  upcoming: 'border-slate-300 bg-white text-slate-500',
};

const caseStatusLabel = (status: string) => CASE_STATUS_LABELS[status as CaseStatus] ?? status;
const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** What an item says, and where it leads (the case page's tab, or the conversation). */
export function describeItem(
  item: TimelineItem,
  caseId: string,
): { text: string; detail?: string; to?: string } {
  switch (item.kind) {
    case 'status':
      return {
        text: item.opened
          ? `Case opened as ${caseStatusLabel(item.status)}`
          : `Status changed to ${caseStatusLabel(item.status)}`,
        detail: item.by ? `by ${item.by}` : undefined,
      };
    case 'document':
      return { text: `Document added: ${item.fileName}`, to: `${casePath(caseId)}?tab=documents` };
    case 'event':
      return {
        text: item.title,
        detail: EVENT_TYPE_LABELS[item.eventType as EventType] ?? undefined,
        to: `${casePath(caseId)}?tab=events`,
      };
    case 'messages':
      return {
        text: `${plural(item.count, 'message', 'messages')} in the ${item.thread === 'team' ? 'team' : 'case'} thread`,
        to: conversationPath(item.conversationId),
      };
  }
}

/** The day an item belongs to: its day in the person's zone (messages), else the browser's day. */
export function dayOf(item: TimelineItem): string {
  if (item.kind === 'messages') return item.day;
  if (item.kind === 'event' && item.allDay) return item.at.slice(0, 10);
  const at = new Date(item.at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Items by day, in the order given (oldest first); a day appears once, where its first item is. */
export function byDay(items: TimelineItem[]): Array<{ day: string; items: TimelineItem[] }> {
  const days = new Map<string, TimelineItem[]>();
  for (const item of items) {
    const day = dayOf(item);
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  return [...days].map(([day, dayItems]) => ({ day, items: dayItems }));
}
