import { MESSAGES } from '@sentinel/shared';
import { MessageSquare, MessagesSquare } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /messages. */
export default function MessagesRoute() {
  return (
    <>
      <PageHeader title="Messages" description="Conversations with your case team." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card title="Conversations">
          <EmptyState icon={MessagesSquare} headingLevel="h3" title={MESSAGES.noConversationsYet} />
        </Card>
        <Card className="flex items-center justify-center" bodyClassName="w-full">
          <EmptyState
            icon={MessageSquare}
            title={MESSAGES.noConversationSelected}
            description={MESSAGES.messagesEmptyHint}
            className="py-16"
          />
        </Card>
      </div>
    </>
  );
}
