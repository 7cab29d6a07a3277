import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { InsightsSummary } from '../../../types/api.ts';

export type InsightsSummaryParams = { childId: string; from: string; to: string; tz: string };

export function getInsightsSummary({ childId, from, to, tz }: InsightsSummaryParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ from, to, tz });
  return apiRequest<InsightsSummary>(`/api/children/${encodeURIComponent(childId)}/insights/summary?${query.toString()}`, {
    signal,
  });
}

export function getInsightsSummaryQueryOptions(params: InsightsSummaryParams) {
  return queryOptions({
    queryKey: [queryKeyRoots.insights, params.childId, 'summary', params.from, params.to, params.tz],
    queryFn: ({ signal }) => getInsightsSummary(params, signal),
    staleTime: 5 * 60 * 1000,
  });
}

export function useInsightsSummary(params: InsightsSummaryParams) {
  return useQuery(getInsightsSummaryQueryOptions(params));
}
