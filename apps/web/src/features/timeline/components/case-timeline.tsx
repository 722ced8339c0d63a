import { MESSAGES } from '@sentinel/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useCaseTimeline } from '@/api/timeline';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { LoadingState } from '@/components/ui/spinner';
import { StageDialog } from './stage-dialog';
import { StageList } from './stage-list';
import { TimelineItems } from './timeline-items';
import { TimelineProgress } from './timeline-progress';

/**
 * One case's timeline: Overall Progress and the counters, the stages as a vertical timeline, and
 * what happened on the case by day. Attorneys (the server says so: `canEdit`) change the stages.
 */
export function CaseTimeline({ caseId }: { caseId: string }) {
  const timeline = useCaseTimeline(caseId);
  const [adding, setAdding] = useState(false);

  if (timeline.isPending) return <LoadingState label={MESSAGES.loadingTimeline} />;
  if (timeline.isError)
    return (
      <LoadError
        error={timeline.error}
        fallback="The timeline could not be loaded. Please try again."
        onRetry={() => void timeline.refetch()}
        retrying={timeline.isFetching}
      />
    );
  const { stats, stages, items, itemsTruncated, canEdit } = timeline.data;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
      <Card title="Progress" className="lg:col-span-5">
        <TimelineProgress stats={stats} />
      </Card>
      <Card
        title="Stages"
        description={
          canEdit
            ? 'Stages complete as the case’s status moves on (moving it back reopens them). Add, rename, date, complete and move them here.'
            : 'Stages complete as the case moves on.'
        }
        className="lg:col-span-3"
        actions={
          canEdit && (
            <Button
              size="sm"
              icon={<Plus aria-hidden="true" className="size-4" />}
              onClick={() => setAdding(true)}
            >
              Add stage
            </Button>
          )
        }
      >
        <StageList caseId={caseId} stages={stages} canEdit={canEdit} />
      </Card>
      <Card title="Case activity" description="What happened on the case, by day." className="lg:col-span-2">
        <TimelineItems caseId={caseId} items={items} truncated={itemsTruncated} />
      </Card>
      {canEdit && <StageDialog open={adding} onOpenChange={setAdding} caseId={caseId} stages={stages} />}
    </div>
  );
}
