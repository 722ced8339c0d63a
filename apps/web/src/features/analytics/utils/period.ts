import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD, type AnalyticsPeriod } from '@sentinel/shared';

/** `?period=` as the server takes it; anything else is the default period (Last 90 Days). */
export function periodFromParam(value: string | null): AnalyticsPeriod {
  return ANALYTICS_PERIODS.find((period) => period === value) ?? DEFAULT_ANALYTICS_PERIOD;
}

/** How a figure's note names its period: '… in the last 90 days', '… this year'. */
export const PERIOD_PHRASES: Record<AnalyticsPeriod, string> = {
  '90d': 'in the last 90 days',
  '30d': 'in the last 30 days',
  year: 'this year',
  all: 'since the firm began',
};
