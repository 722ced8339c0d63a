import { CalendarDays } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /calendar. */
export default function CalendarRoute() {
  return (
    <>
      <PageHeader title="Calendar" description="Hearings, depositions, inspections and deadlines." />
      <Card>
        <EmptyState
          icon={CalendarDays}
          title="No events yet"
          description="Calendar sync with Google Workspace and Microsoft 365 is not available yet."
        />
      </Card>
    </>
  );
}
