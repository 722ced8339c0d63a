import { FileText, X } from 'lucide-react';
import { formatBytes } from '@/lib/format';

/** The file chosen for an upload, with its size and a button that removes it. */
export function ChosenFile({
  file,
  disabled,
  onRemove,
}: {
  file: File;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5">
      <FileText aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
          {file.name}
        </p>
        <p className="text-xs text-slate-600">{formatBytes(file.size)}</p>
      </div>
      <button
        type="button"
        disabled={disabled}
        onClick={onRemove}
        className="flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <X aria-hidden="true" className="size-4" />
        <span className="sr-only">Remove {file.name}</span>
      </button>
    </div>
  );
}
