import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * Ten recovery codes, shown once: each signs in once when the phone is lost. Copy and download
 * so that they end up somewhere other than this screen.
 */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`Sentinel recovery codes (each works once)\n\n${text}\n`], { type: 'text/plain' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = 'sentinel-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Keep these recovery codes somewhere safe, away from your phone. If you lose your phone, each code
        signs you in once. They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg bg-slate-100 px-4 py-3 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={download}>
          <Download aria-hidden="true" className="size-4" />
          Download
        </Button>
      </div>
    </div>
  );
}
