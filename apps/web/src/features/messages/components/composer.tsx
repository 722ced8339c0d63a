import { MESSAGE_MAX_LENGTH, MESSAGES } from '@sentinel/shared';
import { Send } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';

export interface ComposerProps {
  /** Sends the text; resolves true when it was sent (the box is then emptied). */
  onSend: (body: string) => Promise<boolean>;
  sending: boolean;
  /** Where the conversation is, for the box's accessible name. */
  label: string;
}

/**
 * The multi-line box 'Type your message...' and Send (spec §2, §6): Enter sends, Shift+Enter
 * starts a new line, a blank text is ignored. What was typed stays when sending fails.
 */
export function Composer({ onSend, sending, label }: ComposerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  const send = async () => {
    if (blank || sending) return;
    if (await onSend(text.trim())) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <form
      className="flex items-end gap-2 border-t border-slate-200 bg-white p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={MESSAGES.typeYourMessage}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        className="block max-h-40 min-h-11 flex-1 resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
      />
      <span id={`${id}-hint`} className="sr-only">
        Enter sends, Shift+Enter starts a new line.
      </span>
      <Button
        type="submit"
        isLoading={sending}
        disabled={blank}
        icon={<Send aria-hidden="true" className="size-4" />}
      >
        Send
      </Button>
    </form>
  );
}
