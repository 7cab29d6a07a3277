import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { DailyInsightsResponse } from '../../../types/api.ts';

export type DailyInsightsParams = { childId: string; days: number; tz: string };

export function getDailyInsights({ childId, days, tz }: DailyInsightsParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ days: String(days), tz });
  return apiRequest<DailyInsightsResponse>(
    `/api/children/${encodeURIComponent(childId)}/insights/daily?${query.toString()}`,
    { signal },
  );
}

export function getDailyInsightsQueryOptions(params: DailyInsightsParams) {
  return queryOptions({
    queryKey: [queryKeyRoots.insights, params.childId, 'daily', params.days, params.tz],
    queryFn: ({ signal }) => getDailyInsights(params, signal),
    staleTime: 2 * 60 * 1000,
  });
}

export function useDailyInsights(params: DailyInsightsParams) {
  return useQuery(getDailyInsightsQueryOptions(params));
}
