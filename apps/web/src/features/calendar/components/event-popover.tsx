import {
  ATTENDEE_RESPONSE_LABELS,
  CALENDAR_SOURCE_LABELS,
  type CalendarEvent,
  CALENDAR_MESSAGES,
} from '@sentinel/shared';
import { Briefcase, Clock, ExternalLink, MapPin, Pencil, Trash2, Users, Video, X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { casePath } from '@/config/paths';
import { descriptionText } from '../utils/description';
import { formatEventRange } from '../utils/time';

export interface EventPopoverProps {
  event: CalendarEvent;
  /** The event's element on the calendar: the popover opens beside it and focus returns to it. */
  anchor: HTMLElement | null;
  timeZone: string;
  onClose: () => void;
  onDelete: (event: CalendarEvent) => void;
  /** Opens the edit dialog; offered for the user's own Sentinel events. */
  onEdit?: (event: CalendarEvent) => void;
}

const WIDTH = 320;
const MAX_HEIGHT = 300;
const GAP = 8;

const OPEN_LABELS: Record<CalendarEvent['source'], string | null> = {
  google: 'Open in Google Calendar',
  microsoft: 'Open in Outlook',
  sentinel: null,
};

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where the popover goes: below the event, else above it, kept inside the window. */
function placement(anchor: HTMLElement | null, height: number) {
  const width = Math.min(WIDTH, window.innerWidth - 2 * GAP);
  if (!anchor) return { top: GAP * 10, left: Math.max(GAP, (window.innerWidth - width) / 2), width };
  const rect = anchor.getBoundingClientRect();
  const left = Math.min(Math.max(GAP, rect.left), window.innerWidth - width - GAP);
  const below = rect.bottom + GAP;
  const top =
    below + height <= window.innerHeight - GAP
      ? below
      : Math.max(GAP, Math.min(rect.top - height - GAP, window.innerHeight - height - GAP));
  return { top, left, width };
}

/**
 * An event's details beside it (spec §2): focus moves in and stays in while it is open, and goes
 * back to the event when Escape, the close button or a press outside closes it.
 */
export function EventPopover({ event, anchor, timeZone, onClose, onDelete, onEdit }: EventPopoverProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState(() => placement(anchor, MAX_HEIGHT));
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useLayoutEffect(() => {
    setPosition(placement(anchor, box.current?.offsetHeight || MAX_HEIGHT));
  }, [anchor, event]);

  useEffect(() => {
    box.current?.focus();
    const onPointer = (press: MouseEvent) => {
      if (press.target instanceof Node && !box.current?.contains(press.target)) close.current();
    };
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      if (anchor?.isConnected) anchor.focus({ preventScroll: true });
    };
  }, [anchor]);

  function onKeyDown(key: KeyboardEvent<HTMLDivElement>) {
    if (key.key === 'Escape') {
      key.stopPropagation();
      onClose();
      return;
    }
    if (key.key !== 'Tab' || !box.current) return;
    const focusable = Array.from(box.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (key.shiftKey && (active === first || active === box.current)) {
      key.preventDefault();
      last.focus();
    } else if (!key.shiftKey && active === last) {
      key.preventDefault();
      first.focus();
    }
  }

  const description = descriptionText(event.description);
  const openLabel = OPEN_LABELS[event.source];
  return (
    <div
      ref={box}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      style={{ top: position.top, left: position.left, width: position.width, maxHeight: MAX_HEIGHT }}
      className="fixed z-30 flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none"
    >
      <div className="flex items-start gap-2 border-b border-slate-100 py-2.5 pr-2 pl-4">
        <span
          aria-hidden="true"
          className="mt-1.5 size-3 shrink-0 rounded-full"
          style={{ backgroundColor: event.color }}
        />
        <h2 id={titleId} className="min-w-0 flex-1 text-base font-semibold break-words text-slate-900">
          {event.title}
        </h2>
        {onEdit && event.editable && event.source === 'sentinel' && (
          <button
            type="button"
            aria-label="Edit event"
            onClick={() => onEdit(event)}
            className="flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <Pencil aria-hidden="true" className="size-4" />
          </button>
        )}
        {event.editable && (
          <button
            type="button"
            aria-label="Delete event"
            onClick={() => onDelete(event)}
            className="flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-red-50 hover:text-red-700"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        )}
        <button
          type="button"
          aria-label="Close"
          onClick={onClose}
          className="flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <div className="space-y-2.5 overflow-y-auto px-4 py-3 text-sm text-slate-700">
        <p className="flex gap-2">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span>{formatEventRange(event, timeZone)}</span>
        </p>
        {event.location && (
          <p className="flex gap-2">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <span className="break-words">{event.location}</span>
          </p>
        )}
        {event.attendees.length > 0 && (
          <div className="flex gap-2">
            <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <div className="min-w-0">
              <p>
                {event.attendees.length} {event.attendees.length === 1 ? 'attendee' : 'attendees'}
              </p>
              <ul className="mt-1 space-y-0.5">
                {event.attendees.map((attendee) => (
                  <li key={attendee.email} className="break-words">
                    {attendee.name || attendee.email}{' '}
                    <span className="text-slate-600">· {ATTENDEE_RESPONSE_LABELS[attendee.status]}</span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
        {event.case && (
          <p className="flex gap-2">
            <Briefcase aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <Link
              to={casePath(event.case.id)}
              className="font-medium text-brand-700 underline hover:text-brand-800"
            >
              {event.case.caseNumber} — {event.case.title}
            </Link>
          </p>
        )}
        {event.conferenceUrl && (
          <p className="flex gap-2">
            <Video aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <a
              href={event.conferenceUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-700 underline hover:text-brand-800"
            >
              Join video call
            </a>
          </p>
        )}
        {description && <p className="break-words whitespace-pre-line text-slate-800">{description}</p>}
        <p className="text-xs text-slate-600">
          {event.deadline
            ? `Deadline · ${CALENDAR_MESSAGES.eventReadOnly}`
            : CALENDAR_SOURCE_LABELS[event.source]}
        </p>
        {openLabel && event.htmlLink && (
          <a
            href={event.htmlLink}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline hover:text-brand-800"
          >
            {openLabel}
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        )}
      </div>
    </div>
  );
}
