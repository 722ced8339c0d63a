import { TimelineScreen } from '@/features/timeline/components/timeline-screen';

/** /timeline: Case Timeline & Progress (issue 12). */
export default function TimelineRoute() {
  return <TimelineScreen />;
}
