import type { AnalyticsPeriod, AnalyticsResponse } from '@sentinel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const analyticsKeys = {
  all: ['analytics'] as const,
  period: (period: AnalyticsPeriod) => ['analytics', period] as const,
};

/** GET /api/analytics?period=…: the firm's figures for one period. */
export const getAnalytics = (period: AnalyticsPeriod, signal?: AbortSignal) =>
  api.get<AnalyticsResponse>(`/api/analytics?period=${encodeURIComponent(period)}`, { signal });

export const analyticsQueryOptions = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: analyticsKeys.period(period),
    queryFn: ({ signal }) => getAnalytics(period, signal),
    // Other screens change these figures without knowing about this query: fetch afresh on
    // every visit, and keep the last period's figures on screen while another loads.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (period: AnalyticsPeriod) => useQuery(analyticsQueryOptions(period));
