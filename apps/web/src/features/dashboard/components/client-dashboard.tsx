import { MESSAGES } from '@sentinel/shared';
import {
  Bot,
  ClipboardList,
  FileStack,
  ListChecks,
  Megaphone,
  MessageSquare,
  MessagesSquare,
  Users,
} from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { ToolCard } from './tool-card';

const tools = [
  { title: 'AI Assistant', icon: Bot, description: 'Ask questions about your claim in plain language.' },
  {
    title: 'Smart Documents',
    icon: FileStack,
    description: 'Upload photos, estimates and letters and have them sorted for you.',
  },
  {
    title: 'Team Messages',
    icon: MessagesSquare,
    description: 'Talk to your attorney and case team in one thread.',
  },
  {
    title: 'Case Updates',
    icon: Megaphone,
    description: 'Get notified when something changes on your case.',
  },
];

/** The client and staff dashboard (/dashboard, /client/dashboard): empty until a case is active. */
export function ClientDashboard({ firstName }: { firstName: string }) {
  return (
    <>
      <PageHeader
        title={firstName ? `Welcome, ${firstName}` : 'Welcome'}
        documentTitle="Dashboard"
        description="Your claim at a glance: progress, your team, documents and messages."
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card title="Case timeline" className="lg:col-span-2">
          <EmptyState
            icon={ListChecks}
            headingLevel="h3"
            title={MESSAGES.noTimelineEvents}
            description={MESSAGES.timelineEmptyHint}
          />
        </Card>
        <Card title="Your team">
          <EmptyState
            icon={Users}
            headingLevel="h3"
            title="No team members yet"
            description="Your attorney and case team will appear here once your case is active."
          />
        </Card>
        <Card title="Document checklist" className="lg:col-span-2">
          <EmptyState
            icon={ClipboardList}
            headingLevel="h3"
            title="No documents requested yet"
            description="Documents your team needs from you will be listed here."
          />
        </Card>
        <Card title="Quick message">
          <EmptyState
            icon={MessageSquare}
            headingLevel="h3"
            title="Messaging is not available yet"
            description={MESSAGES.messagesEmptyHint}
          />
        </Card>
      </div>
      <section aria-labelledby="tools-heading" className="mt-8">
        <h2 id="tools-heading" className="text-lg font-semibold text-slate-900">
          Tools
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {tools.map((tool) => (
            <ToolCard key={tool.title} {...tool} />
          ))}
        </div>
      </section>
    </>
  );
}
