import { AnalyticsScreen } from '@/features/analytics/components/analytics-screen';

/** /analytics: Firm Analytics (issue 13). Its charts are this route's chunk only. */
export default function AnalyticsRoute() {
  return <AnalyticsScreen />;
}
