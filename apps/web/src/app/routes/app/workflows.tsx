import { Workflow } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /workflows. */
export default function WorkflowsRoute() {
  return (
    <>
      <PageHeader title="Workflow Automation" description="Automate the routine steps of your cases." />
      <Card>
        <EmptyState
          icon={Workflow}
          title="No workflows yet"
          description="Workflows you set up for your cases will be listed here."
        />
      </Card>
    </>
  );
}
