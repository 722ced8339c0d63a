import { CASE_STATUS_LABELS, CASE_STATUSES, type CaseDetail } from '@sentinel/shared';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useCaseTimeline } from '@/api/timeline';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatCount, formatDay, formatPercent } from '@/lib/format';
import { ProgressTrack } from '@/components/ui/progress-track';

type StepState = 'completed' | 'current' | 'upcoming';

/** When the case last reached each status (a case can go back a stage and forward again). */
function reachedAt(history: CaseDetail['statusHistory']): Map<string, string> {
  const latest = new Map<string, string>();
  for (const entry of history) {
    const known = latest.get(entry.status);
    if (!known || Date.parse(entry.at) > Date.parse(known)) latest.set(entry.status, entry.at);
  }
  return latest;
}

/** 0 for Active up to 100 for Settled: the current status's place among the five. */
export const progressPercent = (status: CaseDetail['status']) =>
  (CASE_STATUSES.indexOf(status) / (CASE_STATUSES.length - 1)) * 100;

/**
 * The case's progress: Overall progress as the case's timeline counts it (completed stages of all,
 * as on /timeline), with a link there; the five statuses as a stepper (vertical on phones), the
 * ones passed marked with the day they were reached. Should the timeline not load, the share of
 * the way to Settled stands in for the figure.
 */
export function CaseProgress({ detail }: { detail: Pick<CaseDetail, 'id' | 'status' | 'statusHistory'> }) {
  const current = CASE_STATUSES.indexOf(detail.status);
  const timeline = useCaseTimeline(detail.id);
  const stats = timeline.data?.stats;
  const percent = stats ? stats.percent : progressPercent(detail.status);
  const dates = reachedAt(detail.statusHistory);
  const settled = detail.status === 'settled';
  const labelId = useId();
  const stage = timeline.data?.stages.find((item) => item.status === 'current');

  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <p id={labelId} className="text-sm font-medium text-slate-700">
          Overall progress
        </p>
        {timeline.isPending ? (
          <span role="status">
            <Spinner className="size-5 text-slate-500" />
            <span className="sr-only">Loading progress...</span>
          </span>
        ) : (
          <p className="text-2xl font-bold text-slate-900">{formatPercent(percent)}</p>
        )}
      </div>
      {!timeline.isPending && (
        <ProgressTrack
          labelledBy={labelId}
          percent={percent}
          valueText={
            stats
              ? `${formatPercent(percent)}: ${formatCount(stats.completed)} of ${formatCount(stats.total)} stages completed`
              : `${formatPercent(percent)}: ${CASE_STATUS_LABELS[detail.status]}`
          }
          className="mt-2 h-2.5"
        />
      )}
      {stats && (
        <p className="mt-2 text-sm text-slate-600">
          {formatCount(stats.completed)} of {formatCount(stats.total)} stages completed
          {stage ? ` · In progress: ${stage.title}` : ''} ·{' '}
          <Link
            to={`${paths.timeline}?${new URLSearchParams({ case: detail.id }).toString()}`}
            className="font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            See the timeline
          </Link>
        </p>
      )}

      <ol className="mt-6 grid gap-4 sm:grid-cols-5 sm:gap-2">
        {CASE_STATUSES.map((status, index) => {
          // Settled is the end: reaching it completes it.
          const state: StepState =
            index < current || (settled && index === current)
              ? 'completed'
              : index === current
                ? 'current'
                : 'upcoming';
          const at = state === 'upcoming' ? undefined : dates.get(status);
          return (
            <li
              key={status}
              aria-current={index === current ? 'step' : undefined}
              className="relative flex items-start gap-3 sm:flex-col sm:items-center sm:text-center"
            >
              {/* The line to the next step. */}
              {index < CASE_STATUSES.length - 1 && (
                <span
                  aria-hidden="true"
                  className={clsx(
                    'absolute top-8 bottom-[-1rem] left-3.75 w-0.5 sm:top-3.75 sm:right-[calc(-50%+1rem)] sm:bottom-auto sm:left-[calc(50%+1rem)] sm:h-0.5 sm:w-auto',
                    index < current ? 'bg-brand-700' : 'bg-slate-200',
                  )}
                />
              )}
              <span
                aria-hidden="true"
                className={clsx(
                  'relative flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold',
                  state === 'completed' && 'border-brand-700 bg-brand-700 text-white',
                  state === 'current' && 'border-brand-700 bg-white text-brand-800',
                  state === 'upcoming' && 'border-slate-300 bg-white text-slate-600',
                )}
              >
                {state === 'completed' ? <Check className="size-4" /> : index + 1}
              </span>
              <div className="min-w-0 pt-1 sm:pt-0">
                <p
                  className={clsx(
                    'text-sm font-medium',
                    state === 'upcoming' ? 'text-slate-600' : 'text-slate-900',
                  )}
                >
                  {CASE_STATUS_LABELS[status]}
                </p>
                <p className="text-xs text-slate-600">
                  {state === 'completed' && (at ? `Reached ${formatDay(at)}` : 'Completed')}
                  {state === 'current' && (at ? `Current since ${formatDay(at)}` : 'Current stage')}
                  {state === 'upcoming' && 'Upcoming'}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
