import {
  CASE_PAGE_SIZES,
  CASE_SORTS,
  CASE_SORT_LABELS,
  DEFAULT_CASE_PAGE_SIZE,
  MESSAGES,
  type CaseSummary,
} from '@sentinel/shared';
import { clsx } from 'clsx';
import { Briefcase, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  bodyCell,
  ListEmpty,
  ListPagination,
  ListStates,
  ListTable,
  ListToolbar,
  RowsPerPage,
  TableOrCards,
  ToolbarSelect,
} from '@/components/ui/list';
import { PageHeader } from '@/components/ui/page-header';
import { casePath } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useListParams } from '@/lib/use-list-params';
import { useCases } from '../api/get-cases';
import { countCases, formatRelative } from '../utils/format';
import { CaseFormDialog } from './case-form-dialog';
import { CaseStatusBadge } from '@/components/ui/case-status-badge';

/**
 * Spec §2 Case Management: search (title, case number, client), page size 10 / 15 / 25 / All,
 * a sort the server applies, the cases as a table (cards on small screens), real pagination and
 * 'New Case'. Search, sort, page and page size live in the URL, so back, forward and reload keep
 * the same view.
 */
export function CaseList() {
  const list = useListParams({
    pageSizes: CASE_PAGE_SIZES,
    defaultPageSize: DEFAULT_CASE_PAGE_SIZE,
    sorts: CASE_SORTS,
    defaultSort: 'lastActivity',
  });
  const { search, sort = 'lastActivity', page, pageSize } = list;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);

  const cases = useCases({ search, sort, page, pageSize });
  const data = cases.data;

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
        <ListToolbar
          searchLabel="Search cases"
          placeholder="Case title, case number or client"
          term={list.term}
          onTermChange={list.setTerm}
        >
          <ToolbarSelect
            label="Sort by"
            value={sort}
            options={CASE_SORTS}
            optionLabel={(option) => CASE_SORT_LABELS[option]}
            onChange={list.setSort}
            className="sm:w-36"
          />
          <RowsPerPage value={pageSize} options={CASE_PAGE_SIZES} onChange={list.setPageSize} />
        </ListToolbar>

        <ListStates
          query={cases}
          loadingLabel="Loading cases..."
          errorText="The cases could not be loaded. Please try again."
          isEmpty={(answer) => answer.data.length === 0}
          empty={
            <ListEmpty
              icon={Briefcase}
              title={MESSAGES.noCasesFound}
              search={search}
              onClearSearch={list.clearSearch}
              noMatch={`No case matches “${search}”.`}
              description="Open your firm’s first case with ‘New Case’."
            />
          }
        >
          {(answer) => (
            <TableOrCards
              minWidth="768px"
              table={<CasesTable cases={answer.data} onEdit={setEditing} />}
              cards={<CaseCards cases={answer.data} onEdit={setEditing} />}
            />
          )}
        </ListStates>

        {data && (
          <ListPagination
            label="Cases"
            page={pageSize === 'all' ? 1 : page}
            pageSize={pageSize}
            total={data.total}
            shown={data.data.length}
            onPageChange={list.setPage}
            disabled={cases.isPlaceholderData}
          />
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

function CasesTable({ cases, onEdit }: RowProps) {
  return (
    <ListTable
      caption="Cases"
      columns={['Case Name', 'Client', 'Status', 'Assigned To', 'Last Activity', '']}
    >
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
    </ListTable>
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
