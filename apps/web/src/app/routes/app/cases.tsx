import { MESSAGES } from '@sentinel/shared';
import { Briefcase } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /cases. */
export default function CasesRoute() {
  return (
    <>
      <PageHeader title="Case Management" description="Every case in your firm." />
      <Card>
        <EmptyState
          icon={Briefcase}
          title={MESSAGES.noCasesFound}
          description="Your firm’s cases will be listed here."
        />
      </Card>
    </>
  );
}
