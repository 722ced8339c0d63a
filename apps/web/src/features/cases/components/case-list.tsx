import { LoadError } from '@/components/ui/load-error';
import {
  CASE_PAGE_SIZES,
  CASE_SORTS,
  CASE_SORT_LABELS,
  DEFAULT_CASE_PAGE_SIZE,
  MESSAGES,
  type CaseSort,
  type CaseSummary,
} from '@sentinel/shared';
import { clsx } from 'clsx';
import { Briefcase, Pencil, Plus } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { LoadingState, RefreshingList } from '@/components/ui/spinner';
import { casePath } from '@/config/paths';
import { useMediaQuery } from '@/lib/use-media-query';
import { useCases, type CasesPageSize } from '../api/get-cases';
import { countCases, formatRelative } from '../utils/format';
import { formatDateTime } from '@/lib/format';
import { CaseFormDialog } from './case-form-dialog';
import { CaseStatusBadge } from '@/components/ui/case-status-badge';

/** Typing settles for this long before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 250;

const DEFAULT_SORT: CaseSort = 'lastActivity';

const positivePage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

const parseSort = (value: string | null): CaseSort =>
  (CASE_SORTS as readonly string[]).includes(value ?? '') ? (value as CaseSort) : DEFAULT_SORT;

export const parsePageSize = (value: string | null): CasesPageSize => {
  const size = CASE_PAGE_SIZES.find((option) => String(option) === value);
  return size ?? DEFAULT_CASE_PAGE_SIZE;
};

/**
 * Spec §2 Case Management: search (title, case number, client), page size 10 / 15 / 25 / All,
 * a sort the server applies, the cases as a table (cards on small screens), real pagination and
 * 'New Case'. Search, sort, page and page size live in the URL, so back, forward and reload keep
 * the same view.
 */
export function CaseList() {
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const sort = parseSort(params.get('sort'));
  const page = positivePage(params.get('page'));
  const pageSize = parsePageSize(params.get('pageSize'));
  const [term, setTerm] = useState(search);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const wide = useMediaQuery('(min-width: 768px)');
  const sizeId = useId();
  const sortId = useId();

  /** Sets or removes (null) query parameters; a new history entry unless `replace`. */
  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  // The search runs once typing has paused, and always from the first page.
  useEffect(() => {
    const next = term.trim();
    if (next === search) return;
    const timer = setTimeout(() => update({ search: next || null, page: null }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, search, update]);

  // Back and forward change the URL under the box: show the search the URL holds.
  useEffect(() => {
    setTerm((current) => (current.trim() === search ? current : search));
  }, [search]);

  const cases = useCases({ search, sort, page, pageSize });
  const data = cases.data;

  // A page beyond the end (cases filtered away, an old URL): go to the last page there is.
  useEffect(() => {
    if (!data || cases.isPlaceholderData || data.data.length > 0 || data.total === 0 || page === 1) return;
    const size = pageSize === 'all' ? data.total : pageSize;
    update({ page: String(Math.max(1, Math.ceil(data.total / size))) }, true);
  }, [data, cases.isPlaceholderData, page, pageSize, update]);

  const clearSearch = () => {
    setTerm('');
    update({ search: null, page: null });
  };

  const subtitle = data
    ? search
      ? `${countCases(data.total)} matching “${search}”`
      : countCases(data.total)
    : 'Your firm’s cases';

  return (
    <>
      <PageHeader
        title="Case Management"
        description={subtitle}
        actions={
          <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setCreating(true)}>
            New Case
          </Button>
        }
      />

      <Card bodyClassName="p-0">
        <div className="flex flex-col gap-3 border-b border-slate-100 p-4 lg:flex-row lg:items-center lg:justify-between md:px-5">
          <SearchInput
            label="Search cases"
            className="lg:max-w-md"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            placeholder="Case title, case number or client"
          />
          <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-center sm:gap-x-4">
            <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
              <label htmlFor={sortId} className="text-sm whitespace-nowrap text-slate-700">
                Sort by
              </label>
              <Select
                id={sortId}
                value={sort}
                onChange={(event) =>
                  update({
                    sort: event.target.value === DEFAULT_SORT ? null : event.target.value,
                    page: null,
                  })
                }
                className="sm:w-36"
              >
                {CASE_SORTS.map((option) => (
                  <option key={option} value={option}>
                    {CASE_SORT_LABELS[option]}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
              <label htmlFor={sizeId} className="text-sm whitespace-nowrap text-slate-700">
                Rows per page
              </label>
              <Select
                id={sizeId}
                value={String(pageSize)}
                onChange={(event) => {
                  const size = parsePageSize(event.target.value);
                  update({
                    pageSize: size === DEFAULT_CASE_PAGE_SIZE ? null : String(size),
                    page: null,
                  });
                }}
                className="sm:w-22"
              >
                {CASE_PAGE_SIZES.map((size) => (
                  <option key={size} value={String(size)}>
                    {size === 'all' ? 'All' : size}
                  </option>
                ))}
              </Select>
            </div>
          </div>
        </div>

        {cases.isPending ? (
          <LoadingState label="Loading cases..." />
        ) : cases.isError && !data ? (
          <div className="p-4 md:p-5">
            <LoadError
              error={cases.error}
              fallback={'The cases could not be loaded. Please try again.'}
              onRetry={() => void cases.refetch()}
            />
          </div>
        ) : !data || data.data.length === 0 ? (
          <EmptyState
            icon={Briefcase}
            title={MESSAGES.noCasesFound}
            description={
              search ? `No case matches “${search}”.` : 'Open your firm’s first case with ‘New Case’.'
            }
            action={
              search ? (
                <Button variant="secondary" size="sm" onClick={clearSearch}>
                  Clear search
                </Button>
              ) : undefined
            }
          />
        ) : (
          <RefreshingList fetching={cases.isFetching} stale={cases.isPlaceholderData}>
            {wide ? (
              <CasesTable cases={data.data} onEdit={setEditing} />
            ) : (
              <CaseCards cases={data.data} onEdit={setEditing} />
            )}
          </RefreshingList>
        )}

        {data && data.total > 0 && (
          <div className="border-t border-slate-100 p-4 md:px-5">
            <Pagination
              label="Cases"
              page={pageSize === 'all' ? 1 : page}
              pageSize={pageSize}
              total={data.total}
              shown={data.data.length}
              onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
              disabled={cases.isPlaceholderData}
            />
          </div>
        )}
      </Card>

      <CaseFormDialog open={creating} onOpenChange={setCreating} />
      <CaseFormDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        caseId={editing}
      />
    </>
  );
}

interface RowProps {
  cases: CaseSummary[];
  onEdit: (id: string) => void;
}

function RowActions({
  item,
  onEdit,
  className,
}: {
  item: CaseSummary;
  onEdit: (id: string) => void;
  className?: string;
}) {
  return (
    <div className={clsx('flex gap-2', className)}>
      <Link
        to={casePath(item.id)}
        className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'flex-1 md:flex-none' })}
      >
        View <span className="sr-only">{item.title}</span>
      </Link>
      <Button
        variant="ghost"
        size="sm"
        className="flex-1 md:flex-none"
        icon={<Pencil aria-hidden="true" className="size-3.5" />}
        onClick={() => onEdit(item.id)}
      >
        Edit <span className="sr-only">{item.title}</span>
      </Button>
    </div>
  );
}

function LastActivity({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatRelative(at)}
    </time>
  );
}

const headCell =
  'px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase first:pl-5';
const bodyCell = 'px-4 py-3 align-middle first:pl-5';

function CasesTable({ cases, onEdit }: RowProps) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm">
        <caption className="sr-only">Cases</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={headCell}>
              Case Name
            </th>
            <th scope="col" className={headCell}>
              Client
            </th>
            <th scope="col" className={headCell}>
              Status
            </th>
            <th scope="col" className={headCell}>
              Assigned To
            </th>
            <th scope="col" className={headCell}>
              Last Activity
            </th>
            <th scope="col" className={clsx(headCell, 'pr-5')}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {cases.map((item) => (
            <tr key={item.id} className="hover:bg-slate-50/60">
              <td className={clsx(bodyCell, 'max-w-80')}>
                <p className="truncate font-medium text-slate-900" title={item.title}>
                  {item.title}
                </p>
                <p className="font-mono text-xs text-slate-600">{item.caseNumber}</p>
              </td>
              <td className={clsx(bodyCell, 'text-slate-700')}>{item.client.name}</td>
              <td className={bodyCell}>
                <CaseStatusBadge status={item.status} />
              </td>
              <td className={clsx(bodyCell, 'text-slate-700')}>
                {item.leadAttorney?.name ?? <span className="text-slate-500">Unassigned</span>}
              </td>
              <td className={clsx(bodyCell, 'whitespace-nowrap text-slate-700')}>
                <LastActivity at={item.lastActivityAt} />
              </td>
              <td className={clsx(bodyCell, 'pr-5')}>
                <RowActions item={item} onEdit={onEdit} className="justify-end" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CaseCards({ cases, onEdit }: RowProps) {
  return (
    <ul aria-label="Cases" className="divide-y divide-slate-100">
      {cases.map((item) => (
        <li key={item.id} className="space-y-3 p-4 text-sm">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{item.title}</p>
              <p className="font-mono text-xs text-slate-600">{item.caseNumber}</p>
            </div>
            <CaseStatusBadge status={item.status} className="shrink-0" />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
            <dt className="text-slate-600">Client</dt>
            <dd className="min-w-0 truncate">{item.client.name}</dd>
            <dt className="text-slate-600">Assigned to</dt>
            <dd className="min-w-0 truncate">{item.leadAttorney?.name ?? 'Unassigned'}</dd>
            <dt className="text-slate-600">Last activity</dt>
            <dd>
              <LastActivity at={item.lastActivityAt} />
            </dd>
          </dl>
          <RowActions item={item} onEdit={onEdit} />
        </li>
      ))}
    </ul>
  );
}
