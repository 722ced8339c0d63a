import type { CaseDetail } from '@sentinel/shared';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The quick message box. Messaging arrives with a later issue, so the box is shown disabled and
 * says so, and offers the lead attorney's e-mail meanwhile.
 */
export function QuickMessage({ leadAttorney }: { leadAttorney: CaseDetail['leadAttorney'] }) {
  const id = useId();
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Message your case team
      </label>
      <textarea
        id={id}
        disabled
        rows={3}
        aria-describedby={`${id}-note`}
        placeholder="Type your message..."
        className="mt-1.5 block w-full resize-none rounded-lg border border-slate-300 bg-slate-100 px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 disabled:cursor-not-allowed"
      />
      <p id={`${id}-note`} className="mt-2 text-sm text-slate-700">
        Messaging your case team arrives soon. Until then, e-mail your attorney
        {leadAttorney ? (
          <>
            :{' '}
            <a
              href={`mailto:${leadAttorney.email}`}
              className="font-medium break-all text-brand-700 hover:text-brand-800 hover:underline"
            >
              {leadAttorney.name} ({leadAttorney.email})
            </a>
          </>
        ) : (
          '.'
        )}
      </p>
      <div className="mt-3 flex justify-end">
        <Button type="submit" size="sm" disabled icon={<Send aria-hidden="true" className="size-4" />}>
          Send
        </Button>
      </div>
    </form>
  );
}
