import { MESSAGES } from '@sentinel/shared';
import { Users } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /clients. */
export default function ClientsRoute() {
  return (
    <>
      <PageHeader title="Client Directory" description="Your firm’s clients and their lead attorneys." />
      <Card>
        <EmptyState
          icon={Users}
          title={MESSAGES.noClientsFound}
          description="Your firm’s clients will be listed here."
        />
      </Card>
    </>
  );
}
