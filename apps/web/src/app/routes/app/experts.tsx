import { UserCheck } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /experts. */
export default function ExpertsRoute() {
  return (
    <>
      <PageHeader
        title="Expert Witness Directory"
        description="Engineers, adjusters and specialists for your cases."
      />
      <Card>
        <EmptyState
          icon={UserCheck}
          title="No experts found"
          description="Expert witnesses in your network will be listed here."
        />
      </Card>
    </>
  );
}
