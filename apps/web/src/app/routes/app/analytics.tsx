import { BarChart3 } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /analytics. */
export default function AnalyticsRoute() {
  return (
    <>
      <PageHeader title="Firm Analytics" description="Performance across your firm’s cases." />
      <Card>
        <EmptyState
          icon={BarChart3}
          title="No analytics yet"
          description="Figures appear here once your firm has cases and settlements."
        />
      </Card>
    </>
  );
}
