import { MESSAGES } from '@sentinel/shared';
import { ListChecks } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /timeline. */
export default function TimelineRoute() {
  return (
    <>
      <PageHeader
        title="Case Timeline & Progress"
        description="Track the progress of your property damage claim, from filing to settlement."
      />
      <Card>
        <EmptyState
          icon={ListChecks}
          title={MESSAGES.noTimelineEvents}
          description={MESSAGES.timelineEmptyHint}
        />
      </Card>
    </>
  );
}
