import {
  NEGOTIATION_ACTION_LABELS,
  NEGOTIATION_STATUS_LABELS,
  offerStanding,
  type NegotiationAction,
  type NegotiationDetail as Detail,
  type RecordableActionKind,
} from '@sentinel/shared';
import { clsx } from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Detail as Term, notSet } from '@/components/ui/detail';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { casePath, paths } from '@/config/paths';
import { formatDateTime, formatDay, formatDollars } from '@/lib/format';
import { useNegotiation } from '../api/get-negotiation';
import { EditTermsDialog } from './edit-terms-dialog';
import { AiTargetRange, CurrentOffer } from './offer-standing';
import { RecordActionDialog } from './record-action-dialog';
import { SuggestedTarget } from './suggested-target';

/** /negotiations/:id — the Details of one negotiation: terms, the timeline of actions, the suggestion. */
export function NegotiationDetail({ negotiationId }: { negotiationId: string }) {
  const query = useNegotiation(negotiationId);
  if (query.isPending) return <LoadingState label="Loading negotiation..." />;
  if (!query.data)
    return (
      <>
        <BackLink />
        <LoadError
          error={query.error}
          fallback="The negotiation could not be loaded."
          onRetry={() => void query.refetch()}
        />
      </>
    );
  return <NegotiationScreen negotiation={query.data.data} />;
}

const citedText = (count: number) => `From ${count} cited document${count === 1 ? '' : 's'}`;

function BackLink() {
  return (
    <Link
      to={paths.negotiations}
      className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All negotiations
    </Link>
  );
}

function NegotiationScreen({ negotiation }: { negotiation: Detail }) {
  const [recording, setRecording] = useState<RecordableActionKind | null>(null);
  const [editing, setEditing] = useState(false);
  const open = negotiation.status === 'open';

  return (
    <>
      <BackLink />
      <PageHeader
        title={negotiation.case.title}
        documentTitle={`Negotiation · ${negotiation.case.title}`}
        description={
          <>
            {negotiation.case.caseNumber} · {negotiation.client.name} ·{' '}
            <Link
              to={casePath(negotiation.case.id)}
              className="text-brand-700 underline hover:text-brand-800"
            >
              Open case
            </Link>
          </>
        }
        actions={
          <Badge tone={negotiation.status === 'settled' ? 'success' : open ? 'info' : 'neutral'}>
            {NEGOTIATION_STATUS_LABELS[negotiation.status]}
          </Badge>
        }
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <Card
            title="Terms"
            actions={
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                Change carrier, claim or target
              </Button>
            }
          >
            <dl className="grid gap-4 text-sm sm:grid-cols-2">
              <Term term="Carrier">{negotiation.carrier ?? notSet}</Term>
              <Term term="Claim number">{negotiation.claimNumber ?? notSet}</Term>
              <Term term="Target settlement">
                {negotiation.targetSettlement === null ? (
                  notSet
                ) : (
                  <>
                    {formatDollars(negotiation.targetSettlement)}
                    <span className="block text-xs text-slate-600">
                      {negotiation.targetSource === 'documents'
                        ? citedText(
                            negotiation.targetBasis?.filter((citation) => !citation.superseded).length ?? 0,
                          )
                        : 'Set by an attorney'}
                    </span>
                  </>
                )}
              </Term>
              <Term term="AI Target Range">
                <AiTargetRange target={negotiation.targetSettlement} />
              </Term>
              <Term term="Current Offer">
                <CurrentOffer
                  offer={negotiation.currentOffer?.amount ?? null}
                  target={negotiation.targetSettlement}
                />
              </Term>
              <Term term="Latest demand">
                {negotiation.latestDemand ? formatDollars(negotiation.latestDemand.amount) : 'No demand yet'}
              </Term>
              {negotiation.settlementAmount !== null && (
                <Term term="Settlement">
                  {formatDollars(negotiation.settlementAmount)}
                  {negotiation.settledAt && (
                    <span className="block text-xs text-slate-600">
                      {formatDateTime(negotiation.settledAt)}
                    </span>
                  )}
                </Term>
              )}
            </dl>
          </Card>

          <Card
            title="Timeline"
            description={
              open ? 'Demands, offers and notes, as they happened.' : 'Settled: only notes can be added.'
            }
          >
            <div className="mb-4 flex flex-wrap gap-2">
              {open && (
                <>
                  <Button size="sm" onClick={() => setRecording('demand')}>
                    Record demand
                  </Button>
                  <Button size="sm" onClick={() => setRecording('offer')}>
                    Record offer
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setRecording('settlement')}>
                    Record settlement
                  </Button>
                </>
              )}
              <Button size="sm" variant="secondary" onClick={() => setRecording('note')}>
                Add note
              </Button>
            </div>
            {negotiation.actions.length === 0 ? (
              <p className="text-sm text-slate-700">
                Nothing recorded yet: record your demand or the carrier’s first offer.
              </p>
            ) : (
              <ol aria-label="Negotiation timeline" className="space-y-3">
                {negotiation.actions.map((action) => (
                  <TimelineItem key={action.id} action={action} target={negotiation.targetSettlement} />
                ))}
              </ol>
            )}
          </Card>
        </div>
        <div className="min-w-0">
          <SuggestedTarget negotiation={negotiation} />
        </div>
      </div>
      <RecordActionDialog negotiation={negotiation} kind={recording} onClose={() => setRecording(null)} />
      <EditTermsDialog negotiation={negotiation} open={editing} onOpenChange={setEditing} />
    </>
  );
}

const KIND_DOT: Record<NegotiationAction['kind'], string> = {
  demand: 'bg-brand-600',
  offer: 'bg-violet-600',
  target: 'bg-slate-500',
  settlement: 'bg-emerald-600',
  note: 'bg-slate-300',
};

function TimelineItem({ action, target }: { action: NegotiationAction; target: number | null }) {
  return (
    <li className="flex gap-3 text-sm">
      <span
        aria-hidden="true"
        className={clsx('mt-1.5 size-2.5 shrink-0 rounded-full', KIND_DOT[action.kind])}
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {NEGOTIATION_ACTION_LABELS[action.kind]}
          {action.amount !== null && <> · {formatDollars(action.amount)}</>}
          <span className="font-normal text-slate-600"> · {formatDay(action.date)}</span>
        </p>
        {action.kind === 'offer' && target !== null && action.amount !== null && (
          <p className="text-xs text-slate-600">
            {offerStanding(action.amount, target).label} (the current target)
          </p>
        )}
        {action.actor && <p className="text-slate-700">{action.actor}</p>}
        {action.note && <p className="break-words whitespace-pre-line text-slate-700">{action.note}</p>}
        {action.document && <p className="text-slate-700">Document: {action.document.fileName}</p>}
        <p className="text-xs text-slate-500">
          Recorded {formatDateTime(action.recordedAt)}
          {action.recordedBy && <> by {action.recordedBy}</>}
        </p>
      </div>
    </li>
  );
}
