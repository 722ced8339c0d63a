import { clsx } from 'clsx';
import { useEffect, useId, type ComponentProps, type ReactNode } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { SearchInput } from './input';
import { LoadError } from './load-error';
import { Pagination, type PaginationProps } from './pagination';
import { Select } from './select';
import { LoadingState, RefreshingList } from './spinner';

/**
 * The parts every list screen is built from (cases, clients, documents, and the lists to come):
 * a toolbar (search + selects such as 'Rows per page'), `ListStates` (loading / error / empty /
 * the rows), `TableOrCards` by viewport, `ListPagination`, and the table cell classes. The URL
 * side is `useListParams` in `lib/use-list-params.ts`.
 */

export const headCell =
  'px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase first:pl-5';
export const bodyCell = 'px-4 py-3 align-middle first:pl-5';
/** For rows whose cells hold several lines (documents). */
export const bodyCellTop = 'px-4 py-3 align-top first:pl-5';

export interface ListToolbarProps {
  searchLabel: string;
  placeholder: string;
  term: string;
  onTermChange: (term: string) => void;
  /** Selects beside the search box (`ToolbarSelect`, `RowsPerPage`). */
  children?: ReactNode;
}

/** The search box and the list's selects, above the rows. */
export function ListToolbar({ searchLabel, placeholder, term, onTermChange, children }: ListToolbarProps) {
  return (
    <div className="flex flex-col gap-3 border-b border-slate-100 p-4 md:px-5 lg:flex-row lg:items-center lg:justify-between">
      <SearchInput
        label={searchLabel}
        className="lg:max-w-md"
        value={term}
        onChange={(event) => onTermChange(event.target.value)}
        placeholder={placeholder}
      />
      {children && (
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-center sm:gap-x-4">
          {children}
        </div>
      )}
    </div>
  );
}

export interface ToolbarSelectProps<T extends string | number> {
  label: string;
  value: T;
  options: readonly T[];
  optionLabel?: (option: T) => string;
  onChange: (value: T) => void;
  className?: string;
}

/** A labelled select of the toolbar (the label beside it from `sm` on). */
export function ToolbarSelect<T extends string | number>({
  label,
  value,
  options,
  optionLabel = String,
  onChange,
  className,
}: ToolbarSelectProps<T>) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-slate-700">
        {label}
      </label>
      <Select
        id={id}
        value={String(value)}
        onChange={(event) => {
          const chosen = options.find((option) => String(option) === event.target.value);
          if (chosen !== undefined) onChange(chosen);
        }}
        className={className}
      >
        {options.map((option) => (
          <option key={option} value={String(option)}>
            {optionLabel(option)}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** 'Rows per page' with the list's page sizes ('all' reads 'All'). */
export function RowsPerPage<Size extends number | 'all'>(
  props: Omit<ToolbarSelectProps<Size>, 'label' | 'optionLabel'>,
) {
  return (
    <ToolbarSelect
      label="Rows per page"
      optionLabel={(size) => (size === 'all' ? 'All' : String(size))}
      className="sm:w-22"
      {...props}
    />
  );
}

/** The empty state of a list: what to do first, or (while searching) that nothing matched, with 'Clear search'. */
export function ListEmpty({
  search,
  onClearSearch,
  noMatch,
  description,
  ...props
}: Omit<ComponentProps<typeof EmptyState>, 'action' | 'description'> & {
  search: string;
  onClearSearch: () => void;
  /** The description while searching. */
  noMatch: string;
  /** The description with no search: how the first row comes. */
  description: string;
}) {
  return (
    <EmptyState
      {...props}
      description={search ? noMatch : description}
      action={
        search ? (
          <Button variant="secondary" size="sm" onClick={onClearSearch}>
            Clear search
          </Button>
        ) : undefined
      }
    />
  );
}

/** What `ListStates` reads of a TanStack query. */
export interface ListQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface ListStatesProps<T> {
  query: ListQuery<T>;
  loadingLabel: string;
  /** The error's text when the server gives none. */
  errorText: string;
  /** Show `errorText` even when the server gives a message (a text the spec fixes). */
  fixedErrorText?: boolean;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  /** No spinner while refetching (lists that poll). */
  quiet?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * Loading, a failed first load (with Try again), the empty state, or the rows. Rows already shown
 * stay while a refetch fails or runs (dimmed while they belong to the previous search or page).
 */
export function ListStates<T>({
  query,
  loadingLabel,
  errorText,
  fixedErrorText = false,
  isEmpty,
  empty,
  quiet,
  children,
}: ListStatesProps<T>) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.data === undefined) {
    return (
      <div className="p-4 md:p-5">
        <LoadError
          error={fixedErrorText ? undefined : query.error}
          fallback={errorText}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  if (isEmpty(query.data)) return empty;
  return (
    <RefreshingList fetching={query.isFetching} stale={query.isPlaceholderData} quiet={quiet}>
      {children(query.data)}
    </RefreshingList>
  );
}

/** A table from `minWidth` on, cards below it. */
export function TableOrCards({
  minWidth,
  table,
  cards,
}: {
  minWidth: string;
  table: ReactNode;
  cards: ReactNode;
}) {
  const wide = useMediaQuery(`(min-width: ${minWidth})`);
  return wide ? table : cards;
}

/** A table with a hidden caption and column headings; the last heading may be hidden ('Actions'). */
export function ListTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  /** The headings; an empty string is an actions column ('Actions' for screen readers). */
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column, index) => (
              <th key={column || index} scope="col" className={clsx(headCell, !column && 'pr-5')}>
                {column || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/**
 * The pagination footer, shown while there are rows at all. A page past the end (rows removed,
 * an old URL) moves to the last page there is, replacing the history entry.
 */
export function ListPagination(
  props: Omit<PaginationProps, 'onPageChange'> & { onPageChange: (page: number, replace?: boolean) => void },
) {
  const { page, pageSize, total, shown, disabled, onPageChange } = props;
  useEffect(() => {
    if (disabled || shown > 0 || total === 0 || page === 1) return;
    const size = pageSize === 'all' ? total : pageSize;
    onPageChange(Math.max(1, Math.ceil(total / size)), true);
  }, [disabled, shown, total, page, pageSize, onPageChange]);
  if (total === 0) return null;
  return (
    <div className="border-t border-slate-100 p-4 md:px-5">
      <Pagination {...props} onPageChange={(next) => onPageChange(next)} />
    </div>
  );
}
