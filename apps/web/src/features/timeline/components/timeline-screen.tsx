import { MESSAGES, TIMELINE_MESSAGES, type TimelineCase } from '@sentinel/shared';
import { ArrowRight, ListChecks } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { CaseStatusBadge } from '@/components/ui/case-status-badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { LoadingState } from '@/components/ui/spinner';
import { casePath } from '@/config/paths';
import { formatPercent } from '@/lib/format';
import { useTimelineCases } from '../api/get-timeline-cases';
import { CaseTimeline } from './case-timeline';

function CaseChooser({
  cases,
  selectedId,
  onChange,
}: {
  cases: TimelineCase[];
  selectedId: string;
  onChange: (id: string) => void;
}) {
  return (
    <Field label="Case" className="max-w-xl">
      {(control) => (
        <Select
          {...control}
          className="w-full"
          value={selectedId}
          onChange={(event) => onChange(event.target.value)}
        >
          {cases.map((item) => (
            <option key={item.id} value={item.id}>
              {item.caseNumber} · {item.title} ({formatPercent(item.stats.percent)})
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** /timeline: the progress of a case the person may see, chosen when they have several (?case=). */
export function TimelineScreen() {
  const cases = useTimelineCases();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('case');
  const selected = cases.data?.find((item) => item.id === requested) ?? cases.data?.[0];

  const choose = (caseId: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('case', caseId);
        return next;
      },
      { replace: true },
    );

  let body;
  if (cases.isPending) body = <LoadingState label={MESSAGES.loadingTimeline} />;
  else if (cases.isError)
    body = (
      <LoadError
        error={cases.error}
        fallback="Your cases could not be loaded. Please try again."
        onRetry={() => void cases.refetch()}
        retrying={cases.isFetching}
      />
    );
  else if (!selected)
    body = (
      <Card>
        <EmptyState
          icon={ListChecks}
          title={MESSAGES.noTimelineEvents}
          description={MESSAGES.timelineEmptyHint}
        />
      </Card>
    );
  else
    body = (
      <div className="space-y-6">
        <section
          aria-label="Case"
          className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xs sm:flex-row sm:items-end sm:justify-between"
        >
          <div className="w-full min-w-0 sm:flex-1">
            {cases.data.length > 1 ? (
              <CaseChooser cases={cases.data} selectedId={selected.id} onChange={choose} />
            ) : (
              <p className="text-sm text-slate-600">{selected.caseNumber}</p>
            )}
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
              <h2 className="text-lg font-semibold break-words text-slate-900">{selected.title}</h2>
              <span>
                <span className="sr-only">Status: </span>
                <CaseStatusBadge status={selected.status} />
              </span>
            </div>
          </div>
          <Link
            to={casePath(selected.id)}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            Open case page
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </section>
        <CaseTimeline key={selected.id} caseId={selected.id} />
      </div>
    );

  return (
    <>
      <PageHeader title={TIMELINE_MESSAGES.title} description={TIMELINE_MESSAGES.subtitle} />
      {body}
    </>
  );
}
