import type { Email } from '@sentinel/shared';
import { clsx } from 'clsx';
import { Paperclip } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import { formatInboxTime, PROVIDER_MARKS, senderOf } from '../utils/format';

const optionId = (id: string) => `email-option-${id}`;

/** The provider's mark: 'G' or 'M' on screen, 'Google' or 'Microsoft' for screen readers. */
export function ProviderMark({ provider }: { provider: Email['provider'] }) {
  const { mark, name } = PROVIDER_MARKS[provider];
  return (
    <span
      title={name}
      className="inline-flex size-5 shrink-0 items-center justify-center rounded border border-slate-300 bg-white text-[0.6875rem] font-bold text-slate-700"
    >
      <span aria-hidden="true">{mark}</span>
      <span className="sr-only">{name}</span>
    </span>
  );
}

/**
 * The inbox as a listbox ('Inbox'): one option per e-mail, the open one selected. The list holds
 * the focus on one option at a time (roving tabindex): j or ArrowDown moves to the next, k or
 * ArrowUp to the previous, Home and End to the ends, Enter or Space (or a click) opens. Keys are
 * handled on the list only, so typing in the search box is never taken over.
 */
export function EmailList({
  emails,
  openId,
  onOpen,
  focusOnMount,
}: {
  emails: readonly Email[];
  openId: string | null;
  onOpen: (email: Email) => void;
  /** The e-mail to focus when the list appears again (phones, back from the reader). */
  focusOnMount?: string | null;
}) {
  const [activeId, setActiveId] = useState<string | null>(focusOnMount ?? null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusTarget = useRef(focusOnMount);

  useEffect(() => {
    if (!focusTarget.current) return;
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(optionId(focusTarget.current))}`)?.focus();
    focusTarget.current = null;
  }, []);
  const active =
    emails.find((email) => email.id === activeId) ?? emails.find((email) => email.id === openId) ?? emails[0];

  const moveTo = (index: number) => {
    const email = emails[Math.max(0, Math.min(emails.length - 1, index))];
    if (!email) return;
    setActiveId(email.id);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(optionId(email.id))}`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const index = active ? emails.indexOf(active) : -1;
    switch (event.key) {
      case 'j':
      case 'ArrowDown':
        moveTo(index + 1);
        break;
      case 'k':
      case 'ArrowUp':
        moveTo(index - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(emails.length - 1);
        break;
      case 'Enter':
      case ' ':
        if (active) onOpen(active);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <ul
      ref={listRef}
      role="listbox"
      aria-label="Inbox"
      onKeyDown={onKeyDown}
      className="divide-y divide-slate-100"
    >
      {emails.map((email) => {
        const unread = email.status === 'Unread';
        const selected = email.id === openId;
        return (
          <li
            key={email.id}
            id={optionId(email.id)}
            role="option"
            aria-selected={selected}
            tabIndex={email.id === active?.id ? 0 : -1}
            onClick={() => {
              setActiveId(email.id);
              onOpen(email);
            }}
            onFocus={() => setActiveId(email.id)}
            className={clsx(
              'relative cursor-pointer px-4 py-3 outline-none',
              'focus-visible:z-10 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset',
              selected ? 'bg-brand-50' : 'hover:bg-slate-50',
            )}
          >
            <div className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={clsx('size-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')}
              />
              {unread && <span className="sr-only">Unread, </span>}
              <span
                className={clsx(
                  'min-w-0 flex-1 truncate text-sm',
                  unread ? 'font-semibold text-slate-900' : 'text-slate-700',
                )}
              >
                {senderOf(email)}
              </span>
              <time
                dateTime={email.received_at}
                title={formatDateTime(email.received_at)}
                className="shrink-0 text-xs text-slate-600"
              >
                {formatInboxTime(email.received_at)}
              </time>
            </div>
            <div className="mt-1 flex items-center gap-1.5 pl-4">
              <ProviderMark provider={email.provider} />
              <span
                className={clsx(
                  'min-w-0 flex-1 truncate text-sm',
                  unread ? 'font-semibold text-slate-900' : 'text-slate-800',
                )}
              >
                {email.subject || '(no subject)'}
              </span>
              {email.priority === 'High' && <Badge tone="danger">High</Badge>}
              {email.attachments.length > 0 && (
                <span title="Has attachments" className="shrink-0 text-slate-600">
                  <Paperclip aria-hidden="true" className="size-4" />
                  <span className="sr-only">, has attachments</span>
                </span>
              )}
            </div>
            <p className="mt-0.5 line-clamp-2 pl-4 text-sm text-slate-600">{email.body}</p>
            {(email.case || email.suggestion) && (
              <div className="mt-1.5 pl-4">
                {email.case ? (
                  <Badge tone="brand" className="max-w-full truncate">
                    {email.case.caseNumber}
                  </Badge>
                ) : email.suggestion ? (
                  <Badge tone="warning" className="max-w-full truncate">
                    Suggested: {email.suggestion.caseNumber}
                  </Badge>
                ) : null}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
