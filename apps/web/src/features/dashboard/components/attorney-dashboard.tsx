import {
  Activity,
  BarChart3,
  Briefcase,
  CalendarClock,
  DollarSign,
  PieChart,
  Trophy,
  Users,
} from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { StatCard } from './stat-card';

const stats = [
  { label: 'Active Cases', icon: Briefcase },
  { label: 'Total Clients', icon: Users },
  { label: 'Settlements MTD', icon: DollarSign },
  { label: 'Success Rate', icon: Trophy },
];

/** The attorney dashboard: the spec's cards and charts, empty until the firm has data. */
export function AttorneyDashboard({ name }: { name: string }) {
  return (
    <>
      <PageHeader
        title={name ? `Welcome back, ${name}` : 'Welcome back'}
        documentTitle="Attorney Dashboard"
        description="An overview of your firm’s cases, settlements and deadlines."
      />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {stats.map((stat) => (
          <StatCard key={stat.label} {...stat} />
        ))}
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card title="Settlement Funnel">
          <EmptyState
            icon={BarChart3}
            headingLevel="h3"
            title="No data yet"
            description="The funnel fills in as your cases move from intake to settlement."
          />
        </Card>
        <Card title="Case Types Distribution">
          <EmptyState
            icon={PieChart}
            headingLevel="h3"
            title="No data yet"
            description="Your cases by type will be charted here."
          />
        </Card>
        <Card title="Recent Activity">
          <EmptyState
            icon={Activity}
            headingLevel="h3"
            title="No recent activity"
            description="Changes to your cases, clients and documents will be listed here."
          />
        </Card>
        <Card title="Upcoming Deadlines">
          <EmptyState
            icon={CalendarClock}
            headingLevel="h3"
            title="No upcoming deadlines"
            description="Filing dates, depositions and other deadlines will be listed here."
          />
        </Card>
      </div>
    </>
  );
}
