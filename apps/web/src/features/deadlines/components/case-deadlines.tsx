import { DEADLINE_MESSAGES, type KeyDateKind } from '@sentinel/shared';
import { useCallback } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { LoadingState } from '@/components/ui/spinner';
import { useCaseDeadlines } from '../api/deadlines';
import { keyDateRowId } from '../utils/format';
import { ClaimFactsCard, FACTS_STATE_ID } from './claim-facts-card';
import { DeadlinesCard } from './deadlines-card';
import { KeyDatesCard } from './key-dates-card';

/**
 * Brings a part of the tab into view and puts the keyboard there: on `focus` inside it when
 * there is one (an editor's first control), else on the part itself.
 */
function reveal(id: string, focus?: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView?.({ behavior: still ? 'auto' : 'smooth', block: 'center' });
  const inner = focus ? target.querySelector<HTMLElement>(focus) : null;
  (inner ?? target).focus({ preventScroll: true });
}

/**
 * The case page's Deadlines tab (issue 16): the claim deadline engine's view of the case. The
 * deadlines come first, as that is what the attorney opens the tab for; beside them (below on a
 * phone) the claim facts and key dates they are computed from. The judgement note stays on top.
 */
export function CaseDeadlines({ caseId }: { caseId: string }) {
  const view = useCaseDeadlines(caseId);
  const showKeyDate = useCallback((kind: KeyDateKind) => reveal(keyDateRowId(kind)), []);
  const showFacts = useCallback(() => reveal(FACTS_STATE_ID, 'select'), []);

  const note = <Alert className="mb-6">{DEADLINE_MESSAGES.judgementNote}</Alert>;

  if (view.isPending) {
    return (
      <>
        {note}
        <Card title="Deadlines" headingLevel="h2">
          <LoadingState label="Loading deadlines..." />
        </Card>
      </>
    );
  }
  if (view.isError) {
    return (
      <>
        {note}
        <Card title="Deadlines" headingLevel="h2">
          <LoadError
            error={view.error}
            fallback="The case's deadlines could not be loaded. Please try again."
            onRetry={() => void view.refetch()}
            retrying={view.isFetching}
          />
        </Card>
      </>
    );
  }

  const data = view.data;
  return (
    <>
      {note}
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-3">
          <DeadlinesCard caseId={caseId} view={data} onShowKeyDate={showKeyDate} onShowFacts={showFacts} />
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <ClaimFactsCard caseId={caseId} view={data} />
          <KeyDatesCard caseId={caseId} view={data} />
        </div>
      </div>
    </>
  );
}
