import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { WeeklyRow } from '../../../types/api.ts';

export type WeeklyInsightsParams = { childId: string; tz: string };

export function getWeeklyInsights({ childId, tz }: WeeklyInsightsParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ tz });
  return apiRequest<WeeklyRow[]>(`/api/children/${encodeURIComponent(childId)}/insights/weekly?${query.toString()}`, {
    signal,
  });
}

export function getWeeklyInsightsQueryOptions(params: WeeklyInsightsParams) {
  return queryOptions({
    queryKey: [queryKeyRoots.insights, params.childId, 'weekly', params.tz],
    queryFn: ({ signal }) => getWeeklyInsights(params, signal),
    staleTime: 2 * 60 * 1000,
  });
}

export function useWeeklyInsights(params: WeeklyInsightsParams) {
  return useQuery(getWeeklyInsightsQueryOptions(params));
}
