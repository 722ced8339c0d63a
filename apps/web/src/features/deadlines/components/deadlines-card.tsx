import {
  DEADLINE_PARTY_LABELS,
  DEADLINE_STATUS_LABELS,
  KEY_DATE_LABELS,
  type CaseDeadline,
  type CaseDeadlinesResponse,
  type DeadlineStatus,
  type KeyDateKind,
  type PendingRule,
} from '@sentinel/shared';
import { clsx } from 'clsx';
import { CalendarClock, ChevronRight, ClipboardCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useState, type MouseEvent } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateTime, formatWeekdayDay } from '@/lib/format';
import { keyDateRowId, lowerFirst, splitDeadlines } from '../utils/format';
import { ReviewDialog } from './review-dialog';

export const ADD_KEY_DATES = 'Add the claim’s key dates to compute its deadlines.';

const STATUS_TONES: Record<DeadlineStatus, BadgeTone> = {
  open: 'neutral',
  met: 'success',
  missed: 'danger',
  waived: 'neutral',
};

const reviewButtonId = (ruleId: string) => `deadline-review-${ruleId}`;

/** A link to a key date's row in the Key dates card (it scrolls there and takes the keyboard). */
function KeyDateLink({
  kind,
  children,
  onShow,
}: {
  kind: KeyDateKind;
  children: string;
  onShow: (kind: KeyDateKind) => void;
}) {
  return (
    <a
      href={`#${keyDateRowId(kind)}`}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        onShow(kind);
      }}
      className="rounded-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
    >
      {children}
    </a>
  );
}

/**
 * What the deadline asks, as a sentence: a carrier's deadline is the claim's leverage, so it reads
 * 'The carrier must … by …' (or 'had to', once passed); the others read as the rule's action.
 */
function headline(deadline: CaseDeadline, today: string): string {
  if (deadline.who !== 'insurer' || deadline.status !== 'open') return deadline.action;
  const by = formatWeekdayDay(deadline.date);
  return deadline.date < today
    ? `The carrier had to ${lowerFirst(deadline.action)} by ${by}`
    : `The carrier must ${lowerFirst(deadline.action)} by ${by}`;
}

function DeadlineRow({
  deadline,
  next,
  today,
  canEdit,
  onReview,
  onShowKeyDate,
}: {
  deadline: CaseDeadline;
  next: boolean;
  today: string;
  canEdit: boolean;
  onReview: (deadline: CaseDeadline) => void;
  onShowKeyDate: (kind: KeyDateKind) => void;
}) {
  const label = KEY_DATE_LABELS[deadline.trigger];
  const carrier = deadline.who === 'insurer';
  const unverified = deadline.verification === 'UNVERIFIED';
  const rolled = deadline.nominalDate !== deadline.rolledDate;
  return (
    <li
      id={`deadline-${deadline.ruleId}`}
      className={clsx(
        'flex flex-col gap-x-5 gap-y-2 py-4 sm:flex-row',
        deadline.overdue && '-mx-5 border-l-4 border-red-600 bg-red-50/60 pr-5 pl-4',
      )}
    >
      <div className="flex shrink-0 flex-wrap items-center gap-x-2 gap-y-1 sm:block sm:w-36">
        <time
          dateTime={deadline.date}
          className={clsx('block font-semibold', deadline.overdue ? 'text-red-700' : 'text-slate-900')}
        >
          {formatWeekdayDay(deadline.date)}
        </time>
        <div className="flex flex-wrap gap-1.5 sm:mt-1">
          {deadline.overdue && (
            <Badge tone="danger" className="gap-1">
              <TriangleAlert aria-hidden="true" className="size-3" />
              Overdue
            </Badge>
          )}
          {next && <Badge tone="brand">Next</Badge>}
        </div>
      </div>

      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone={carrier ? 'accent' : 'info'}>{DEADLINE_PARTY_LABELS[deadline.who]}</Badge>
          {deadline.status !== 'open' && (
            <Badge tone={STATUS_TONES[deadline.status]}>{DEADLINE_STATUS_LABELS[deadline.status]}</Badge>
          )}
          {unverified && (
            <Badge tone="warning" className="gap-1">
              <TriangleAlert aria-hidden="true" className="size-3" />
              Unverified rule
            </Badge>
          )}
          <span className="font-mono text-xs text-slate-500">
            <span className="sr-only">Rule </span>
            {deadline.ruleId}
          </span>
        </div>

        <p className={clsx('mt-1.5 font-medium', deadline.overdue ? 'text-red-800' : 'text-slate-900')}>
          {headline(deadline, today)}
        </p>
        {carrier && deadline.overdue && (
          <p className="mt-0.5 text-sm text-red-800">
            {canEdit
              ? 'If it did not, review it as Missed: a missed carrier deadline is leverage.'
              : 'If it did not, that missed carrier deadline is leverage.'}
          </p>
        )}
        <p className="mt-1 text-sm text-slate-700">{deadline.explanation}</p>

        {rolled && !deadline.override && (
          <p className="mt-1 text-sm text-slate-600">
            Falls on {formatWeekdayDay(deadline.nominalDate)}; {formatWeekdayDay(deadline.rolledDate)}{' '}
            {deadline.rolledDate > deadline.nominalDate
              ? 'if rolled past the weekend or holiday'
              : 'if moved back before the weekend or holiday'}
            . The earlier date is shown.
          </p>
        )}
        {unverified && (
          <p className="mt-1 text-sm text-amber-900">
            This rule is not yet verified against its primary text: check {deadline.citation} before relying
            on it.
          </p>
        )}
        {deadline.caveat && (
          <p className="mt-1.5 flex items-start gap-1.5 text-sm text-amber-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{deadline.caveat}</span>
          </p>
        )}
        {deadline.override && (
          <p className="mt-1.5 rounded-md bg-slate-50 px-2.5 py-1.5 text-sm text-slate-800">
            <span className="font-medium">Your date: {formatWeekdayDay(deadline.override.date)}</span> —{' '}
            {deadline.override.reason}
            <span className="block text-xs text-slate-600">
              Computed: {formatWeekdayDay(deadline.dueDate)}
            </span>
          </p>
        )}
        {!deadline.override && deadline.reviewReason && (
          <p className="mt-1.5 rounded-md bg-slate-50 px-2.5 py-1.5 text-sm text-slate-800">
            <span className="font-medium">Note:</span> {deadline.reviewReason}
          </p>
        )}
        <p className="mt-1.5 text-xs text-slate-600">
          {deadline.basedOn
            ? `Counts from the ${deadline.basedOn} deadline, which runs from the ${lowerFirst(label)}.`
            : `Runs from the ${lowerFirst(label)}: ${formatWeekdayDay(deadline.triggerDate)}.`}
          {deadline.reviewedBy && (
            <>
              {' '}
              Reviewed by {deadline.reviewedBy}
              {deadline.reviewedAt && ` · ${formatDateTime(deadline.reviewedAt)}`}.
            </>
          )}
        </p>

        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          {canEdit && (
            <Button
              id={reviewButtonId(deadline.ruleId)}
              size="sm"
              variant="secondary"
              icon={<ClipboardCheck aria-hidden="true" className="size-3.5" />}
              aria-label={`Review: ${deadline.action}`}
              onClick={() => onReview(deadline)}
            >
              Review
            </Button>
          )}
          <KeyDateLink kind={deadline.trigger} onShow={onShowKeyDate}>
            {`${canEdit ? 'Change' : 'Show'} ${lowerFirst(label)}`}
          </KeyDateLink>
        </div>
      </div>
    </li>
  );
}

/** 'Waiting for Denial or partial denial: Sue on the claim — Fla. Stat. § 95.11' */
function PendingList({
  pending,
  onShowKeyDate,
}: {
  pending: PendingRule[];
  onShowKeyDate: (kind: KeyDateKind) => void;
}) {
  return (
    <ul className="mt-2 space-y-2 text-sm text-slate-700">
      {pending.map((rule) => (
        <li key={rule.ruleId} className="flex items-start gap-2">
          <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          <span className="min-w-0">
            Waiting for{' '}
            <KeyDateLink kind={rule.needs} onShow={onShowKeyDate}>
              {KEY_DATE_LABELS[rule.needs]}
            </KeyDateLink>
            : {rule.action} — <span className="text-slate-600">{rule.citation}</span>{' '}
            <span className="text-xs text-slate-500">({DEADLINE_PARTY_LABELS[rule.who]})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Why there are no deadlines, truthfully: no state chosen, key dates missing, or no rule applies. */
function NoDeadlines({
  view,
  onShowFacts,
  onShowKeyDate,
}: {
  view: CaseDeadlinesResponse;
  onShowFacts: () => void;
  onShowKeyDate: (kind: KeyDateKind) => void;
}) {
  const noState = view.facts.propertyState === null;
  const waiting = view.pending.length > 0;
  const description = noState
    ? (view.notice ?? 'Choose the property’s state in the claim facts: the rules depend on it.')
    : waiting
      ? ADD_KEY_DATES
      : (view.notice ?? 'No rule Sentinel knows applies to this claim with these facts.');
  return (
    <>
      <EmptyState
        icon={CalendarClock}
        headingLevel="h3"
        title="No deadlines yet"
        description={
          <>
            {description}
            {!noState && waiting && view.notice && <span className="mt-2 block">{view.notice}</span>}
          </>
        }
        action={
          noState && view.canEdit ? (
            <Button variant="secondary" size="sm" onClick={onShowFacts}>
              Choose the property’s state
            </Button>
          ) : undefined
        }
        className="py-6"
      />
      {waiting && (
        <section aria-labelledby="deadlines-pending-heading" className="border-t border-slate-100 pt-4">
          <h3 id="deadlines-pending-heading" className="text-sm font-semibold text-slate-900">
            Waiting for key dates
          </h3>
          {noState && <p className="mt-1 text-sm text-slate-600">{ADD_KEY_DATES}</p>}
          <PendingList pending={view.pending} onShowKeyDate={onShowKeyDate} />
        </section>
      )}
    </>
  );
}

/** The computed deadlines: open ones first (the overdue, then the next), then the reviewed ones. */
export function DeadlinesCard({
  caseId,
  view,
  onShowKeyDate,
  onShowFacts,
}: {
  caseId: string;
  view: CaseDeadlinesResponse;
  onShowKeyDate: (kind: KeyDateKind) => void;
  onShowFacts: () => void;
}) {
  const [reviewing, setReviewing] = useState<CaseDeadline | null>(null);
  // After a review the row may move to the other list (a new element): the keyboard follows it.
  const [reviewed, setReviewed] = useState<{ ruleId: string } | null>(null);
  useEffect(() => {
    if (!reviewed) return;
    const timer = setTimeout(() => document.getElementById(reviewButtonId(reviewed.ruleId))?.focus(), 0);
    return () => clearTimeout(timer);
  }, [reviewed]);

  const { open, closed } = splitDeadlines(view.deadlines);
  const next = open.find((deadline) => !deadline.overdue);
  const overdue = open.filter((deadline) => deadline.overdue).length;
  const row = (deadline: CaseDeadline) => (
    <DeadlineRow
      key={deadline.ruleId}
      deadline={deadline}
      next={deadline === next}
      today={view.today}
      canEdit={view.canEdit}
      onReview={setReviewing}
      onShowKeyDate={onShowKeyDate}
    />
  );

  return (
    <Card
      title="Deadlines"
      headingLevel="h2"
      description={
        view.calendarOwner
          ? `Computed from the claim facts and key dates. On ${view.calendarOwner}’s calendar, with reminders a week and a day before.`
          : 'Computed from the claim facts and key dates. The case has no lead attorney, so they are on no one’s calendar.'
      }
    >
      {view.deadlines.length === 0 ? (
        <NoDeadlines view={view} onShowFacts={onShowFacts} onShowKeyDate={onShowKeyDate} />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {open.length} open
            {overdue > 0 && <span className="font-semibold text-red-700"> · {overdue} overdue</span>}
            {closed.length > 0 && ` · ${closed.length} met, missed or waived`}
          </p>
          {open.length > 0 && (
            <section aria-labelledby="deadlines-open-heading" className="mt-3">
              <h3 id="deadlines-open-heading" className="text-sm font-semibold text-slate-900">
                Open
              </h3>
              <ul className="divide-y divide-slate-100">{open.map(row)}</ul>
            </section>
          )}
          {closed.length > 0 && (
            <section
              aria-labelledby="deadlines-closed-heading"
              className="mt-4 border-t border-slate-200 pt-4"
            >
              <h3 id="deadlines-closed-heading" className="text-sm font-semibold text-slate-900">
                Met, missed or waived
              </h3>
              <ul className="divide-y divide-slate-100">{closed.map(row)}</ul>
            </section>
          )}
          {view.pending.length > 0 && (
            <details className="group mt-4 border-t border-slate-200 pt-4">
              <summary className="cursor-pointer rounded-sm text-sm font-semibold text-slate-900">
                {view.pending.length === 1
                  ? '1 more deadline waits for a key date'
                  : `${view.pending.length} more deadlines wait for key dates`}
              </summary>
              <PendingList pending={view.pending} onShowKeyDate={onShowKeyDate} />
            </details>
          )}
        </>
      )}

      {view.canEdit && (
        <ReviewDialog
          caseId={caseId}
          deadline={reviewing}
          onClose={(saved) => {
            if (saved && reviewing) setReviewed({ ruleId: reviewing.ruleId });
            setReviewing(null);
          }}
        />
      )}
    </Card>
  );
}
