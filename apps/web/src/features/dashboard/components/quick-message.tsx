import type { CaseDetail } from '@sentinel/shared';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';

/** The e-mail a quick message opens: to the lead attorney, about the case, with the text typed. */
export function quickMessageLink(
  detail: Pick<CaseDetail, 'caseNumber' | 'title'>,
  email: string,
  text: string,
) {
  const query = new URLSearchParams({ subject: `${detail.caseNumber} ${detail.title}`, body: text });
  // mailto wants %20 for spaces, not '+'.
  return `mailto:${email}?${query.toString().replace(/\+/g, '%20')}`;
}

/**
 * The quick message box: the message goes to the case's lead attorney from the person's own
 * e-mail app (Send opens it, addressed and with the case in the subject), so it arrives today and
 * the answer comes back by e-mail. A case without a lead attorney says who will answer instead.
 */
export function QuickMessage({
  detail,
}: {
  detail: Pick<CaseDetail, 'caseNumber' | 'title' | 'leadAttorney'>;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const lead = detail.leadAttorney;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!lead || !text.trim()) return;
        window.location.href = quickMessageLink(detail, lead.email, text.trim());
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Message your case team
      </label>
      <textarea
        id={id}
        rows={3}
        value={text}
        disabled={!lead}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-note`}
        placeholder="Type your message..."
        className="mt-1.5 block w-full resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100"
      />
      <p id={`${id}-note`} className="mt-2 text-sm text-slate-700">
        {lead ? (
          <>
            Send opens your e-mail app with the message to{' '}
            <a
              href={`mailto:${lead.email}`}
              className="font-medium break-all text-brand-700 hover:text-brand-800 hover:underline"
            >
              {lead.name} ({lead.email})
            </a>
            .
          </>
        ) : (
          'This case has no lead attorney yet; the firm assigns one, and you can write to them here then.'
        )}
      </p>
      <div className="mt-3 flex justify-end">
        <Button
          type="submit"
          size="sm"
          disabled={!lead || !text.trim()}
          icon={<Send aria-hidden="true" className="size-4" />}
        >
          Send
        </Button>
      </div>
    </form>
  );
}
