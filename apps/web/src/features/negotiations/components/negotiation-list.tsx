import {
  CASE_PAGE_SIZES,
  DEFAULT_CASE_PAGE_SIZE,
  NEGOTIATION_ACTION_LABELS,
  NEGOTIATION_MESSAGES,
  NEGOTIATION_SORT_LABELS,
  NEGOTIATION_SORTS,
  NEGOTIATION_STATUS_LABELS,
  type NegotiationSummary,
} from '@sentinel/shared';
import { clsx } from 'clsx';
import { Handshake, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
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
import { negotiationPath } from '@/config/paths';
import { formatDay, formatDollars } from '@/lib/format';
import { useListParams } from '@/lib/use-list-params';
import { useNegotiations } from '../api/get-negotiations';
import { AiTargetRange, CurrentOffer } from './offer-standing';
import { StartNegotiationDialog } from './start-negotiation-dialog';

/**
 * Spec §2 Active Negotiations: search by case name or carrier; Case Name, Carrier, Current Offer
 * (coloured by offer / target), AI Target Range (90–110 % of target, in thousands), Last Action,
 * Details. Search, sort, page and size live in the URL.
 */
export function NegotiationList() {
  const list = useListParams({
    pageSizes: CASE_PAGE_SIZES,
    defaultPageSize: DEFAULT_CASE_PAGE_SIZE,
    sorts: NEGOTIATION_SORTS,
    defaultSort: 'lastAction',
  });
  const { search, sort = 'lastAction', page, pageSize } = list;
  const [starting, setStarting] = useState(false);
  const negotiations = useNegotiations({ search, sort, page, pageSize });
  const data = negotiations.data;

  return (
    <>
      <PageHeader
        title={NEGOTIATION_MESSAGES.title}
        description="Demands, the carriers’ offers and your targets, case by case."
        actions={
          <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setStarting(true)}>
            Start negotiation
          </Button>
        }
      />
      <Card bodyClassName="p-0">
        <ListToolbar
          searchLabel={NEGOTIATION_MESSAGES.searchLabel}
          placeholder="Case name or carrier"
          term={list.term}
          onTermChange={list.setTerm}
        >
          <ToolbarSelect
            label="Sort by"
            value={sort}
            options={NEGOTIATION_SORTS}
            optionLabel={(option) => NEGOTIATION_SORT_LABELS[option]}
            onChange={list.setSort}
          />
          <RowsPerPage value={pageSize} options={CASE_PAGE_SIZES} onChange={list.setPageSize} />
        </ListToolbar>
        <ListStates
          query={negotiations}
          loadingLabel={NEGOTIATION_MESSAGES.loading}
          errorText={NEGOTIATION_MESSAGES.loadFailed}
          isEmpty={(answer) => answer.data.length === 0}
          empty={
            <ListEmpty
              icon={Handshake}
              title={NEGOTIATION_MESSAGES.empty}
              search={search}
              onClearSearch={list.clearSearch}
              noMatch={`No negotiation matches “${search}”.`}
              description={NEGOTIATION_MESSAGES.emptyHint}
            />
          }
        >
          {(answer) => (
            <TableOrCards
              minWidth="1024px"
              table={<NegotiationsTable rows={answer.data} />}
              cards={<NegotiationCards rows={answer.data} />}
            />
          )}
        </ListStates>
        {data && (
          <ListPagination
            label="Negotiations"
            page={page}
            pageSize={pageSize}
            total={data.total}
            shown={data.data.length}
            onPageChange={list.setPage}
            disabled={negotiations.isPlaceholderData}
          />
        )}
      </Card>
      <StartNegotiationDialog open={starting} onOpenChange={setStarting} />
    </>
  );
}

function CaseName({ row }: { row: NegotiationSummary }) {
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{row.case.title}</p>
      <p className="text-xs text-slate-600">
        {row.case.caseNumber}
        {row.status !== 'open' && (
          <Badge tone={row.status === 'settled' ? 'success' : 'neutral'} className="ml-2">
            {NEGOTIATION_STATUS_LABELS[row.status]}
          </Badge>
        )}
      </p>
    </div>
  );
}

function LastAction({ row }: { row: NegotiationSummary }) {
  if (!row.lastAction) return <span className="text-slate-500">Nothing recorded yet</span>;
  return (
    <div>
      <p className="text-slate-900">
        {NEGOTIATION_ACTION_LABELS[row.lastAction.kind]}
        {row.lastAction.amount !== null && <> · {formatDollars(row.lastAction.amount)}</>}
      </p>
      <p className="text-xs text-slate-600">{formatDay(row.lastAction.date)}</p>
    </div>
  );
}

function DetailsLink({ row, className }: { row: NegotiationSummary; className?: string }) {
  return (
    <Link
      to={negotiationPath(row.id)}
      className={buttonClasses({ variant: 'secondary', size: 'sm', className })}
    >
      Details<span className="sr-only">: {row.case.title}</span>
    </Link>
  );
}

const carrierText = (row: NegotiationSummary) =>
  row.carrier ?? <span className="text-slate-500">No carrier set</span>;

function NegotiationsTable({ rows }: { rows: NegotiationSummary[] }) {
  return (
    <ListTable
      caption="Negotiations"
      columns={['Case Name', 'Carrier', 'Current Offer', 'AI Target Range', 'Last Action', 'Details']}
    >
      {rows.map((row) => (
        <tr key={row.id} className="hover:bg-slate-50/60">
          <td className={clsx(bodyCell, 'max-w-72')}>
            <CaseName row={row} />
          </td>
          <td className={clsx(bodyCell, 'text-slate-700')}>{carrierText(row)}</td>
          <td className={bodyCell}>
            <CurrentOffer offer={row.currentOffer?.amount ?? null} target={row.targetSettlement} />
          </td>
          <td className={bodyCell}>
            <AiTargetRange target={row.targetSettlement} />
          </td>
          <td className={bodyCell}>
            <LastAction row={row} />
          </td>
          <td className={clsx(bodyCell, 'pr-5')}>
            <DetailsLink row={row} />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

function NegotiationCards({ rows }: { rows: NegotiationSummary[] }) {
  return (
    <ul aria-label="Negotiations" className="divide-y divide-slate-100">
      {rows.map((row) => (
        <li key={row.id} className="space-y-3 p-4 text-sm">
          <CaseName row={row} />
          <dl className="grid grid-cols-2 gap-3">
            <div>
              <dt className="text-slate-600">Carrier</dt>
              <dd className="text-slate-900">{carrierText(row)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">AI Target Range</dt>
              <dd>
                <AiTargetRange target={row.targetSettlement} />
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Current Offer</dt>
              <dd>
                <CurrentOffer offer={row.currentOffer?.amount ?? null} target={row.targetSettlement} />
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Last Action</dt>
              <dd>
                <LastAction row={row} />
              </dd>
            </div>
          </dl>
          <DetailsLink row={row} className="w-full" />
        </li>
      ))}
    </ul>
  );
}
