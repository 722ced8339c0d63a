import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MESSAGE_EDIT_WINDOW_MS, MESSAGE_MAX_LENGTH, MESSAGES, type Message } from '@sentinel/shared';
import { clsx } from 'clsx';
import { Bot, EllipsisVertical, FileText, Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { openLinkedDocument } from '../api/open-document';
import { senderName } from '../utils/conversation';
import { formatMessageTime } from '../utils/relative-time';

export interface MessageItemProps {
  message: Message;
  viewerId: string | undefined;
  now: number;
  /** 'Seen by …' under this message. */
  seenBy?: string;
  onEdit: (message: Message, body: string) => Promise<unknown>;
  onDelete: (message: Message) => void;
  savingEdit: boolean;
}

/** Whether the viewer may still edit a message: their own text, within 5 minutes, not deleted. */
export const canEditMessage = (message: Message, viewerId: string | undefined, now: number) =>
  message.sender?.userId === viewerId &&
  message.kind === 'text' &&
  message.deletedAt === null &&
  now - new Date(message.createdAt).getTime() < MESSAGE_EDIT_WINDOW_MS;

/**
 * One message of the thread: the viewer's own on the right, others' on the left, with the
 * sender, time, 'edited', away replies marked automatic, linked documents, and for one's own a
 * menu to edit (within 5 minutes) or delete it.
 */
export function MessageItem({
  message,
  viewerId,
  now,
  seenBy,
  onEdit,
  onDelete,
  savingEdit,
}: MessageItemProps) {
  const own = message.sender !== null && message.sender.userId === viewerId;
  const deleted = message.deletedAt !== null;
  const editable = canEditMessage(message, viewerId, now);
  const [editing, setEditing] = useState(false);
  const time = formatMessageTime(message.createdAt);
  const name = senderName(message, viewerId);

  return (
    <li className={clsx('flex flex-col', own ? 'items-end' : 'items-start')}>
      <div className={clsx('flex max-w-[min(36rem,88%)] items-start gap-1', own && 'flex-row-reverse')}>
        <article
          aria-label={`${name}, ${time}`}
          className={clsx(
            'min-w-0 rounded-2xl px-3.5 py-2 text-sm',
            editing
              ? 'w-[min(36rem,80vw)] border border-slate-300 bg-white text-slate-900'
              : own
                ? 'rounded-br-sm bg-brand-700 text-white'
                : 'rounded-bl-sm bg-slate-100 text-slate-900',
          )}
        >
          <p className={clsx('text-xs', own && !editing ? 'text-brand-50' : 'text-slate-700')}>
            <span className="font-semibold">{name}</span>
            {message.kind === 'away' && (
              <span className="ml-1.5 inline-flex items-center gap-1">
                <Bot aria-hidden="true" className="size-3.5" />
                Automatic reply
              </span>
            )}
          </p>
          {editing ? (
            <EditForm
              initial={message.body}
              saving={savingEdit}
              onCancel={() => setEditing(false)}
              onSave={async (body) => {
                if (body.trim() === message.body.trim()) {
                  setEditing(false);
                  return;
                }
                try {
                  await onEdit(message, body);
                  setEditing(false);
                } catch {
                  // The caller said why; the text stays for another try.
                }
              }}
            />
          ) : deleted ? (
            <p className={clsx('mt-0.5 italic', own ? 'text-brand-50' : 'text-slate-600')}>
              {MESSAGES.messageDeleted}
            </p>
          ) : (
            <p className="mt-0.5 break-words whitespace-pre-wrap">{message.body}</p>
          )}
          {!deleted && message.documents.length > 0 && (
            <ul className="mt-2 space-y-1" aria-label="Linked documents">
              {message.documents.map((document) => (
                <li key={document.id}>
                  <button
                    type="button"
                    onClick={() => void openLinkedDocument(document)}
                    className={clsx(
                      'inline-flex max-w-full items-center gap-1.5 rounded-md px-2 py-1 text-left text-xs font-medium underline-offset-2 hover:underline',
                      own ? 'bg-brand-800 text-white' : 'bg-white text-brand-800',
                    )}
                  >
                    <FileText aria-hidden="true" className="size-3.5 shrink-0" />
                    <span className="truncate">{document.fileName}</span>
                    <span className="sr-only"> (opens in a new tab)</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p className={clsx('mt-1 text-[0.6875rem]', own ? 'text-brand-50' : 'text-slate-600')}>
            <time dateTime={message.createdAt}>{time}</time>
            {message.editedAt && !deleted && <span> · edited</span>}
          </p>
        </article>
        {own && !deleted && message.kind === 'text' && !editing && (
          <MessageMenu
            time={time}
            editable={editable}
            onEdit={() => setEditing(true)}
            onDelete={() => onDelete(message)}
          />
        )}
      </div>
      {seenBy && <p className="mt-1 px-1 text-xs text-slate-600">{seenBy}</p>}
    </li>
  );
}

function MessageMenu({
  time,
  editable,
  onEdit,
  onDelete,
}: {
  time: string;
  editable: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const item =
    'flex cursor-default items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-brand-50';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        type="button"
        aria-label={`Options for your message of ${time}`}
        className="flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
      >
        <EllipsisVertical aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          aria-label="Message options"
          align="end"
          loop
          sideOffset={4}
          collisionPadding={16}
          className="z-30 min-w-40 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          {editable && (
            <DropdownMenu.Item className={item} onSelect={onEdit}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={clsx(item, 'text-red-800')} onSelect={onDelete}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function EditForm({
  initial,
  saving,
  onSave,
  onCancel,
}: {
  initial: string;
  saving: boolean;
  onSave: (body: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const save = () => {
    if (text.trim()) void onSave(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };
  return (
    <form
      className="mt-1"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Edit message
      </label>
      <textarea
        id={id}
        // The editor opens where the person chose Edit.
        autoFocus
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
      />
      <div className="mt-2 flex justify-end gap-2">
        <Button size="sm" variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button size="sm" type="submit" isLoading={saving} disabled={!text.trim()}>
          Save
        </Button>
      </div>
    </form>
  );
}
