import { Handshake } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /negotiations. */
export default function NegotiationsRoute() {
  return (
    <>
      <PageHeader
        title="Active Negotiations"
        description="Offers and targets for cases in negotiation with carriers."
      />
      <Card>
        <EmptyState
          icon={Handshake}
          title="No active negotiations"
          description="Cases in negotiation with a carrier will be tracked here."
        />
      </Card>
    </>
  );
}
