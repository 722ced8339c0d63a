import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

/** The pages to offer as buttons: all of them up to 7, else first, last and the current ±1. */
export function pageItems(page: number, pageCount: number): Array<number | 'gap'> {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const around = [page - 1, page, page + 1].filter((p) => p > 1 && p < pageCount);
  const pages = [1, ...around, pageCount];
  const items: Array<number | 'gap'> = [];
  for (const p of pages) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && p - previous > 1) items.push(p - previous === 2 ? p - 1 : 'gap');
    items.push(p);
  }
  return items;
}

export interface PaginationProps {
  page: number;
  /** Rows per page; 'all' puts everything on one page. */
  pageSize: number | 'all';
  total: number;
  onPageChange: (page: number) => void;
  /** What is being paged, for the landmark's name: 'Clients' → 'Clients pages'. */
  label: string;
  /** The rows shown, for "Showing X–Y of N". */
  shown: number;
  disabled?: boolean;
}

/** "Showing X–Y of N", Previous / page numbers / Next. Page numbers collapse on small screens. */
export function Pagination({ page, pageSize, total, onPageChange, label, shown, disabled }: PaginationProps) {
  const size = pageSize === 'all' ? Math.max(total, 1) : pageSize;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = total === 0 ? 0 : Math.min(first + Math.max(shown, 1) - 1, total);

  return (
    <nav
      aria-label={`${label} pages`}
      className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing{' '}
        <span className="font-medium text-slate-900">
          {first}–{last}
        </span>{' '}
        of <span className="font-medium text-slate-900">{total}</span>
      </p>
      <div className="flex items-center justify-between gap-2 sm:justify-end">
        <Button
          variant="secondary"
          size="sm"
          icon={<ChevronLeft aria-hidden="true" className="size-4" />}
          onClick={() => onPageChange(page - 1)}
          disabled={disabled || page <= 1}
        >
          Previous
        </Button>
        <span className="text-sm whitespace-nowrap text-slate-600 sm:hidden">
          Page {page} of {pageCount}
        </span>
        <ul className="hidden items-center gap-1 sm:flex">
          {pageItems(page, pageCount).map((item, index) =>
            item === 'gap' ? (
              <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-sm text-slate-500">
                …
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  onClick={() => onPageChange(item)}
                  disabled={disabled}
                  aria-current={item === page ? 'page' : undefined}
                  aria-label={`Page ${item}`}
                  className={clsx(
                    'flex h-8 min-w-8 items-center justify-center rounded-lg px-2 text-sm font-medium transition-colors',
                    'disabled:cursor-not-allowed',
                    item === page ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
                  )}
                >
                  {item}
                </button>
              </li>
            ),
          )}
        </ul>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPageChange(page + 1)}
          disabled={disabled || page >= pageCount}
        >
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
