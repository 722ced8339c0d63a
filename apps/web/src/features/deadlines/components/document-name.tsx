import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import { getDocumentViewUrl } from '../api/deadlines';

/**
 * A document of the case by its file name, opening it in a new tab (a short-lived signed link, as
 * the Documents tab views one). A failure says so; it is never silent.
 */
export function DocumentName({ document }: { document: { id: string; name: string } }) {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      const { url } = await getDocumentViewUrl(document.id);
      window.open(url, '_blank', 'noopener,noreferrer');
    } catch (error) {
      toast.error(errorMessage(error, `“${document.name}” could not be opened. Please try again.`));
    } finally {
      setOpening(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void open()}
      disabled={opening}
      aria-busy={opening}
      className="inline-flex max-w-full items-center gap-1 rounded-sm text-left font-medium break-all text-brand-700 hover:text-brand-800 hover:underline disabled:cursor-wait"
    >
      {document.name}
      <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="sr-only">(opens in a new tab)</span>
    </button>
  );
}
